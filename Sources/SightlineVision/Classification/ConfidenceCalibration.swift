// ConfidenceCalibration: chooses a classifier's confidence threshold from labelled photos it was
// not fitted on — the lowest top-1 confidence above which its answers reach a target share of
// right answers — as `sightline train` (on its validation photos) and `models calibrate` do.

/// Chooses confidence thresholds from (top-1 confidence, was it right) pairs.
public enum ConfidenceCalibration {
    /// The share of right answers a threshold is chosen to reach when none is asked for.
    public static let defaultTargetPrecision = 0.9
    /// A threshold is never chosen on fewer answers than this, so one lucky photo cannot set it.
    public static let minimumAnswers = 10

    /// One calibration photo: the classifier's top-1 confidence and whether that class was right.
    public struct Outcome: Sendable, Equatable {
        public var confidence: Double
        public var correct: Bool

        public init(confidence: Double, correct: Bool) {
            self.confidence = confidence
            self.correct = correct
        }
    }

    /// The lowest threshold t (one of the photos' confidences) such that at least
    /// `minimumAnswers` photos reach it and at least `targetPrecision` of those are right. When
    /// no threshold reaches the target, the one with the highest precision over
    /// `minimumAnswers` or more photos; with fewer photos than that, nil. The threshold is
    /// recorded rounded down to four decimals, so the photo that set it still reaches it.
    public static func calibrate(_ outcomes: [Outcome], targetPrecision: Double = defaultTargetPrecision,
                                 source: String) -> ModelManifest.Confidence? {
        guard outcomes.count >= minimumAnswers else { return nil }
        let candidates = Set(outcomes.map(\.confidence)).sorted()
        var best: (threshold: Double, precision: Double, answered: Int)?
        for threshold in candidates {
            let answered = outcomes.filter { $0.confidence >= threshold }
            guard answered.count >= minimumAnswers else { break }
            let precision = Double(answered.filter(\.correct).count) / Double(answered.count)
            if precision >= targetPrecision {
                best = (threshold, precision, answered.count)
                break
            }
            if best == nil || precision > best!.precision { best = (threshold, precision, answered.count) }
        }
        guard let best else { return nil }
        return ModelManifest.Confidence(threshold: (best.threshold * 10_000).rounded(.down) / 10_000, targetPrecision: targetPrecision,
                                        precision: (best.precision * 10_000).rounded() / 10_000,
                                        coverage: (Double(best.answered) / Double(outcomes.count) * 10_000).rounded() / 10_000,
                                        photos: outcomes.count, source: source)
    }
}
