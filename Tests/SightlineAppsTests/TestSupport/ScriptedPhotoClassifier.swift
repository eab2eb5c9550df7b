// ScriptedPhotoClassifier: a PhotoClassifying that answers every photo with fixed confidences,
// so the apps' rules (cat message, top three, 0.8 acceptance) are tested on known classifier
// outputs without a model.
import Foundation
import SightlineApps
import SightlineVision

struct ScriptedPhotoClassifier: PhotoClassifying {
    let labels: [String]
    /// Confidence per label; labels not listed score 0.
    let confidences: [String: Float]
    var confidenceRule = ConfidenceRule(threshold: ConfidenceRule.uncalibratedThreshold, calibrated: false)

    init(_ confidences: [(String, Float)]) {
        labels = confidences.map(\.0)
        self.confidences = Dictionary(uniqueKeysWithValues: confidences)
    }

    /// Ranked like `ClassificationResult`: by confidence, ties by lower index.
    func classify(photo: Data, top: Int) throws -> [ClassificationObservation] {
        let observations = labels.enumerated().map { index, label in
            ClassificationObservation(index: index, label: label, confidence: confidences[label] ?? 0)
        }
        return Array(observations.sorted { left, right in
            left.confidence != right.confidence ? left.confidence > right.confidence : left.index < right.index
        }.prefix(top))
    }
}
