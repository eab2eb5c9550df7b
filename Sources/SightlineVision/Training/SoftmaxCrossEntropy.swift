// SoftmaxCrossEntropy: the function logistic regression minimises — the mean cross-entropy
// of the softmax over labelled feature vectors plus an L2 penalty on the weights — with its
// gradient, computed in fixed blocks of rows on all cores and summed in block order so the
// result does not depend on how the blocks were scheduled.
import Dispatch
import Foundation

/// Feature vectors with the class index of each.
public struct LabelledFeatures: Sendable, Equatable {
    public var features: FeatureMatrix
    /// One class index (0 ..< classCount) per row.
    public var labels: [Int]
    public var classCount: Int

    /// - Precondition: one label per row, each in 0 ..< classCount.
    public init(features: FeatureMatrix, labels: [Int], classCount: Int) {
        precondition(labels.count == features.rows, "\(features.rows) rows need as many labels, got \(labels.count)")
        precondition(labels.allSatisfy { (0 ..< classCount).contains($0) }, "labels must lie in 0 ..< \(classCount)")
        self.features = features
        self.labels = labels
        self.classCount = classCount
    }

    /// The rows at `indices`, in that order.
    public func selecting(rows indices: [Int]) -> LabelledFeatures {
        LabelledFeatures(features: features.selecting(rows: indices), labels: indices.map { labels[$0] },
                         classCount: classCount)
    }

    /// These rows followed by `other`'s.
    public func appending(_ other: LabelledFeatures) -> LabelledFeatures {
        precondition(other.classCount == classCount, "cannot combine \(classCount) and \(other.classCount) classes")
        return LabelledFeatures(features: features.appending(other.features), labels: labels + other.labels,
                                classCount: classCount)
    }
}

/// mean over rows of −log softmax(W·x + b)[label] + (l2 / 2)·‖W‖² (the biases are not penalised).
struct SoftmaxCrossEntropy {
    let data: LabelledFeatures
    let l2: Double

    /// Rows per block; fixed so that sums are always formed in the same order.
    private static let blockSize = 128

    var classCount: Int { data.classCount }
    var featureCount: Int { data.features.columns }
    var parameterCount: Int { classCount * featureCount + classCount }

    /// The objective at `parameters` (weights row-major, then biases); writes the gradient.
    func value(at parameters: [Double], gradient: inout [Double]) -> Double {
        let model = MultinomialLogisticRegression(classCount: classCount, featureCount: featureCount, parameters: parameters)
        let blocks = blockSums(model: model, withGradient: true)
        let rows = Double(max(data.features.rows, 1))
        var loss = 0.0
        for index in gradient.indices { gradient[index] = 0 }
        for block in blocks {
            loss += block.loss
            for index in block.gradient.indices { gradient[index] += Double(block.gradient[index]) }
        }
        let weightCount = classCount * featureCount
        var penalty = 0.0
        for index in 0 ..< parameterCount {
            gradient[index] /= rows
            if index < weightCount {
                penalty += parameters[index] * parameters[index]
                gradient[index] += l2 * parameters[index]
            }
        }
        return loss / rows + l2 / 2 * penalty
    }

    /// The mean cross-entropy (without the penalty) and the fraction of rows whose most likely
    /// class is their label.
    func lossAndAccuracy(of model: MultinomialLogisticRegression) -> (loss: Double, accuracy: Double) {
        let blocks = blockSums(model: model, withGradient: false)
        let rows = Double(max(data.features.rows, 1))
        return (blocks.reduce(0) { $0 + $1.loss } / rows, Double(blocks.reduce(0) { $0 + $1.correct }) / rows)
    }

    private struct BlockSum {
        var loss = 0.0
        var correct = 0
        /// Unscaled Σ (p − y)·x per weight, then Σ (p − y) per bias; empty when not requested.
        var gradient: [Float] = []
    }

    private func blockSums(model: MultinomialLogisticRegression, withGradient: Bool) -> [BlockSum] {
        let rows = data.features.rows
        let blockCount = (rows + Self.blockSize - 1) / Self.blockSize
        let results = BlockResults(count: blockCount)
        let classCount = self.classCount, featureCount = self.featureCount
        DispatchQueue.concurrentPerform(iterations: blockCount) { block in
            var loss = 0.0
            var correct = 0
            var gradient = [Float](repeating: 0, count: withGradient ? classCount * featureCount + classCount : 0)
            var scores = [Double](repeating: 0, count: classCount)
            model.weights.withUnsafeBufferPointer { weights in
                data.features.values.withUnsafeBufferPointer { values in
                    gradient.withUnsafeMutableBufferPointer { gradient in
                        for row in block * Self.blockSize ..< min((block + 1) * Self.blockSize, rows) {
                            let x = values.baseAddress! + row * featureCount
                            var largest = -Double.infinity
                            var best = 0
                            for c in 0 ..< classCount {
                                scores[c] = Double(model.bias[c]
                                    + VectorMath.dot(weights.baseAddress! + c * featureCount, x, count: featureCount))
                                if scores[c] > largest { largest = scores[c]; best = c }
                            }
                            let label = data.labels[row]
                            let labelScore = scores[label] - largest
                            var total = 0.0
                            for c in 0 ..< classCount {
                                scores[c] = exp(scores[c] - largest)
                                total += scores[c]
                            }
                            loss += log(total) - labelScore
                            if best == label { correct += 1 }
                            guard withGradient else { continue }
                            for c in 0 ..< classCount {
                                let residual = Float(scores[c] / total - (c == label ? 1 : 0))
                                VectorMath.addScaled(residual, x, to: gradient.baseAddress! + c * featureCount,
                                                     count: featureCount)
                                gradient[classCount * featureCount + c] += residual
                            }
                        }
                    }
                }
            }
            results.set(block, BlockSum(loss: loss, correct: correct, gradient: gradient))
        }
        return results.all
    }

    /// Per-block results written from concurrent workers, one slot each.
    private final class BlockResults: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [BlockSum?]

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ sum: BlockSum) {
            lock.lock()
            slots[index] = sum
            lock.unlock()
        }

        var all: [BlockSum] { slots.map { $0! } }
    }
}
