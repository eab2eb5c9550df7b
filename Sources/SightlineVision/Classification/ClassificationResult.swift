// ClassificationResult: what classifying one image returns — the most likely classes, best
// first — and how it is computed from the model's raw scores (softmax, then ranking).
import Foundation

/// The top classes for one image, most confident first.
public struct ClassificationResult: Sendable, Equatable {
    public var observations: [ClassificationObservation]

    public init(observations: [ClassificationObservation]) {
        self.observations = observations
    }

    /// The most confident class, if any were requested.
    public var best: ClassificationObservation? { observations.first }

    /// Turns one image's logits into its `top` most likely classes. Confidences are the
    /// softmax of all logits; classes are ranked by logit, ties by lower index. A class
    /// without a label in `labels` is called "class N".
    public init(logits: UnsafeBufferPointer<Float>, labels: [String], top: Int) {
        let count = min(max(top, 0), logits.count)
        guard count > 0, let largest = logits.max() else {
            self.init(observations: [])
            return
        }
        var sum = 0.0
        for logit in logits { sum += exp(Double(logit - largest)) }
        let ranked = logits.indices.sorted { left, right in
            logits[left] != logits[right] ? logits[left] > logits[right] : left < right
        }
        let observations = ranked.prefix(count).map { index in
            ClassificationObservation(
                index: index,
                label: index < labels.count ? labels[index] : "class \(index)",
                confidence: Float(exp(Double(logits[index] - largest)) / sum))
        }
        self.init(observations: Array(observations))
    }
}
