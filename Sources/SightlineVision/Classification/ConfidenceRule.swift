// ConfidenceRule: the one rule every front end (CLI, API, web app) uses to tell an answer from a
// guess — a classifier's top class is stated only at or above the threshold calibrated for that
// model (its manifest's `confidence`), otherwise it is offered as "not sure — maybe …" with the
// next most likely classes.

/// Whether a classification is sure enough to state, and what to offer when it is not.
public struct ConfidenceRule: Sendable, Equatable {
    /// The threshold a model without a calibrated one is held to.
    public static let uncalibratedThreshold = 0.5
    /// How many classes a guess offers ("maybe a, b or c").
    public static let guessCount = 3

    /// Top-1 confidences at or above this are answers.
    public var threshold: Double
    /// Whether `threshold` was calibrated on labelled photos (false: `uncalibratedThreshold`).
    public var calibrated: Bool

    public init(threshold: Double, calibrated: Bool) {
        self.threshold = threshold
        self.calibrated = calibrated
    }

    /// The rule recorded in `manifest`, or the uncalibrated default.
    public init(manifest: ModelManifest) {
        if let confidence = manifest.confidence {
            self.init(threshold: confidence.threshold, calibrated: true)
        } else {
            self.init(threshold: Self.uncalibratedThreshold, calibrated: false)
        }
    }

    /// Whether a top-1 `confidence` is an answer rather than a guess.
    public func isSure(_ confidence: Double) -> Bool {
        confidence >= threshold
    }

    /// Whether `result`'s best class is an answer (false for an empty result).
    public func isSure(_ result: ClassificationResult) -> Bool {
        result.best.map { isSure(Double($0.confidence)) } ?? false
    }
}

extension ImageClassifier {
    /// The rule this classifier's answers are judged by (from its manifest).
    public var confidenceRule: ConfidenceRule { ConfidenceRule(manifest: model.manifest) }
}
