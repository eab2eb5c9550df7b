// ClassifierTrainer+Calibration: the confidence threshold of a trained classifier, chosen on its
// validation photos with the weights fitted on the training photos alone (the refit on every
// photo has seen them), and recorded in the model's manifest.
import SightlineVision

extension ClassifierTrainer {
    /// What the manifest says the threshold was chosen on.
    static let calibrationSource = "validation photos of training"

    /// The threshold `model` reaches `ConfidenceCalibration.defaultTargetPrecision` at on
    /// `validation` (one row per photo); nil with too few validation photos.
    static func calibrate(_ model: MultinomialLogisticRegression, on validation: LabelledFeatures) -> ModelManifest.Confidence? {
        let probabilities = model.probabilities(for: validation.features)
        let classCount = model.classCount
        let outcomes = (0 ..< validation.features.rows).map { row in
            let scores = probabilities[row * classCount ..< (row + 1) * classCount]
            let best = scores.indices.max { left, right in
                scores[left] != scores[right] ? scores[left] < scores[right] : left > right
            }!
            return ConfidenceCalibration.Outcome(confidence: Double(scores[best]),
                                                 correct: best - row * classCount == validation.labels[row])
        }
        return ConfidenceCalibration.calibrate(outcomes, source: calibrationSource)
    }
}
