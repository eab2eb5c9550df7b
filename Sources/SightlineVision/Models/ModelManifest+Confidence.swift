// ModelManifest+Confidence: the manifest's record of a classifier's calibrated confidence
// threshold — the lowest top-1 confidence at which its answers were right often enough on
// labelled photos it was not fitted on — so every front end can tell a sure answer from a guess.

extension ModelManifest {
    /// How sure a classifier must be before its top class is stated as the answer (the
    /// `confidence` section of its manifest), and the photos that threshold was chosen on.
    public struct Confidence: Codable, Sendable, Equatable {
        /// Top-1 confidences at or above this are answers; below it, guesses.
        public var threshold: Double
        /// The share of right answers the threshold was chosen to reach, 0…1.
        public var targetPrecision: Double
        /// The share of right answers among the calibration photos at or above the threshold.
        public var precision: Double
        /// The share of calibration photos at or above the threshold.
        public var coverage: Double
        /// How many labelled photos the threshold was chosen on.
        public var photos: Int
        /// What those photos were ("validation photos of training", a folder's path).
        public var source: String

        public init(threshold: Double, targetPrecision: Double, precision: Double, coverage: Double, photos: Int,
                    source: String) {
            self.threshold = threshold
            self.targetPrecision = targetPrecision
            self.precision = precision
            self.coverage = coverage
            self.photos = photos
            self.source = source
        }

        private enum CodingKeys: String, CodingKey {
            case threshold
            case targetPrecision = "target_precision"
            case precision, coverage, photos, source
        }
    }
}
