// SoftmaxCrossEntropy: the function logistic regression minimises — the (class-weighted) mean
// cross-entropy of the softmax over labelled feature vectors plus an L2 penalty on the weights — with its
// gradient, computed in fixed blocks of rows on all cores and summed in block order so the
// result does not depend on how the blocks were scheduled.
import Dispatch
import Foundation

/// Σ w·(−log softmax(W·x + b)[label]) / Σ w over rows + (l2 / 2)·‖W‖², where w is the weight of
/// the row's class (1 without class weights); the biases are not penalised.
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
        let rows = data.features.rows > 0 ? data.totalWeight : 1
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

    /// The weighted mean cross-entropy (without the penalty) and the fraction of rows whose most
    /// likely class is their label.
    func lossAndAccuracy(of model: MultinomialLogisticRegression) -> (loss: Double, accuracy: Double) {
        let blocks = blockSums(model: model, withGradient: false)
        let rows = Double(max(data.features.rows, 1))
        let weight = data.features.rows > 0 ? data.totalWeight : 1
        return (blocks.reduce(0) { $0 + $1.loss } / weight, Double(blocks.reduce(0) { $0 + $1.correct }) / rows)
    }

    private struct BlockSum {
        var loss = 0.0
        var correct = 0
        /// Unscaled Σ w·(p − y)·x per weight, then Σ w·(p − y) per bias; empty when not requested.
        var gradient: [Float] = []
    }

    private func blockSums(model: MultinomialLogisticRegression, withGradient: Bool) -> [BlockSum] {
        let rows = data.features.rows
        let blockCount = (rows + Self.blockSize - 1) / Self.blockSize
        let results = BlockResults(count: blockCount)
        let classCount = self.classCount, featureCount = self.featureCount
        DispatchQueue.concurrentPerform(iterations: blockCount) { block in
            let firstRow = block * Self.blockSize
            let blockRows = min(Self.blockSize, rows - firstRow)
            var loss = 0.0
            var correct = 0
            var gradient = [Float](repeating: 0, count: withGradient ? classCount * featureCount + classCount : 0)
            // Scores, then softmax residuals p − y, of the block's rows: [blockRows, classCount].
            var scores = [Float](repeating: 0, count: blockRows * classCount)
            model.weights.withUnsafeBufferPointer { weights in
                data.features.values.withUnsafeBufferPointer { values in
                    let w = weights.baseAddress!
                    func x(_ row: Int) -> UnsafePointer<Float> { values.baseAddress! + (firstRow + row) * featureCount }
                    // Four rows at a time share each weight row's reads; the rest one by one.
                    var row = 0
                    while row + 4 <= blockRows {
                        for c in 0 ..< classCount {
                            let dots = VectorMath.dot4(w + c * featureCount, x(row), x(row + 1), x(row + 2), x(row + 3),
                                                       count: featureCount)
                            for lane in 0 ..< 4 { scores[(row + lane) * classCount + c] = dots[lane] + model.bias[c] }
                        }
                        row += 4
                    }
                    while row < blockRows {
                        for c in 0 ..< classCount {
                            scores[row * classCount + c] = VectorMath.dot(w + c * featureCount, x(row), count: featureCount)
                                + model.bias[c]
                        }
                        row += 1
                    }

                    for row in 0 ..< blockRows {
                        let base = row * classCount
                        var largest = -Double.infinity
                        var best = 0
                        for c in 0 ..< classCount where Double(scores[base + c]) > largest {
                            largest = Double(scores[base + c])
                            best = c
                        }
                        let label = data.labels[firstRow + row]
                        let weight = data.weight(ofRow: firstRow + row)
                        var total = 0.0
                        for c in 0 ..< classCount { total += exp(Double(scores[base + c]) - largest) }
                        loss += weight * (log(total) - (Double(scores[base + label]) - largest))
                        if best == label { correct += 1 }
                        guard withGradient else { continue }
                        for c in 0 ..< classCount {
                            scores[base + c] = Float(weight * (exp(Double(scores[base + c]) - largest) / total - (c == label ? 1 : 0)))
                        }
                    }
                    guard withGradient else { return }

                    gradient.withUnsafeMutableBufferPointer { gradient in
                        let g = gradient.baseAddress!
                        var row = 0
                        while row + 4 <= blockRows {
                            for c in 0 ..< classCount {
                                let residuals = SIMD4<Float>(scores[row * classCount + c], scores[(row + 1) * classCount + c],
                                                             scores[(row + 2) * classCount + c], scores[(row + 3) * classCount + c])
                                VectorMath.addScaled4(residuals, x(row), x(row + 1), x(row + 2), x(row + 3),
                                                      to: g + c * featureCount, count: featureCount)
                                g[classCount * featureCount + c] += residuals.sum()
                            }
                            row += 4
                        }
                        while row < blockRows {
                            for c in 0 ..< classCount {
                                let residual = scores[row * classCount + c]
                                VectorMath.addScaled(residual, x(row), to: g + c * featureCount, count: featureCount)
                                g[classCount * featureCount + c] += residual
                            }
                            row += 1
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
