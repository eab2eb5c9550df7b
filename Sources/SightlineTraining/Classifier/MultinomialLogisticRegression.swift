// MultinomialLogisticRegression: a linear classifier over feature vectors — one weight row and
// bias per class, softmax of the scores — the head `sightline train` puts on a backbone. Its
// weights are laid out as an ONNX Gemm with transB = 1 reads them.
import Foundation

/// `logits = W·x + b`, `probabilities = softmax(logits)`.
public struct MultinomialLogisticRegression: Sendable, Equatable {
    public let classCount: Int
    public let featureCount: Int
    /// Row-major [classCount, featureCount]: row c scores class c.
    public let weights: [Float]
    /// One per class.
    public let bias: [Float]

    /// - Precondition: `weights.count == classCount * featureCount`, `bias.count == classCount`.
    public init(classCount: Int, featureCount: Int, weights: [Float], bias: [Float]) {
        precondition(classCount >= 1 && featureCount >= 1, "a classifier needs classes and features")
        precondition(weights.count == classCount * featureCount && bias.count == classCount,
                     "\(classCount) classes × \(featureCount) features need \(classCount * featureCount) weights "
                     + "and \(classCount) biases, got \(weights.count) and \(bias.count)")
        self.classCount = classCount
        self.featureCount = featureCount
        self.weights = weights
        self.bias = bias
    }

    /// The model whose parameters are `parameters` laid out as the weights, then the biases.
    init(classCount: Int, featureCount: Int, parameters: [Double]) {
        let weightCount = classCount * featureCount
        self.init(classCount: classCount, featureCount: featureCount,
                  weights: parameters[..<weightCount].map(Float.init),
                  bias: parameters[weightCount...].map(Float.init))
    }

    /// The weights then the biases, the layout the optimiser works on.
    var parameters: [Double] { weights.map(Double.init) + bias.map(Double.init) }

    /// The class scores of every row of `features`: [rows, classCount] row-major.
    ///
    /// - Precondition: `features.columns == featureCount`.
    public func logits(for features: FeatureMatrix) -> [Float] {
        precondition(features.columns == featureCount, "the model reads \(featureCount) features, got \(features.columns)")
        var logits = [Float](repeating: 0, count: features.rows * classCount)
        weights.withUnsafeBufferPointer { weights in
            features.values.withUnsafeBufferPointer { values in
                for row in 0 ..< features.rows {
                    let x = values.baseAddress! + row * featureCount
                    for c in 0 ..< classCount {
                        logits[row * classCount + c] = bias[c]
                            + VectorMath.dot(weights.baseAddress! + c * featureCount, x, count: featureCount)
                    }
                }
            }
        }
        return logits
    }

    /// The softmax probabilities of every row: [rows, classCount] row-major.
    public func probabilities(for features: FeatureMatrix) -> [Float] {
        var scores = logits(for: features)
        for row in 0 ..< features.rows {
            let range = row * classCount ..< (row + 1) * classCount
            let largest = scores[range].max()!
            var sum = 0.0
            for index in range { sum += exp(Double(scores[index] - largest)) }
            for index in range { scores[index] = Float(exp(Double(scores[index] - largest)) / sum) }
        }
        return scores
    }

    /// The most likely class of every row (the lower index on ties).
    public func predictedClasses(for features: FeatureMatrix) -> [Int] {
        let scores = logits(for: features)
        return (0 ..< features.rows).map { row in
            var best = 0
            for c in 1 ..< max(classCount, 1) where scores[row * classCount + c] > scores[row * classCount + best] {
                best = c
            }
            return best
        }
    }
}
