// DetectionMetrics: the scores of an object detector on a labelled set — average precision per
// class at IoU 0.5 and averaged over 0.50:0.05:0.95 (COCO), their means (mAP), and precision and
// recall at the confidence the detector is operated at.

/// The result of `DetectionEvaluator.metrics`.
public struct DetectionMetrics: Sendable, Hashable {
    /// One class's scores. Average precisions are 0–1, 101-point interpolated as COCO does.
    public struct ClassMetrics: Sendable, Hashable {
        public var classIndex: Int
        public var label: String
        /// Photos with at least one labelled object of the class.
        public var photoCount: Int
        /// Labelled objects of the class.
        public var instanceCount: Int
        /// Detections of the class above the operating confidence.
        public var detectionCount: Int
        /// Of those detections, the fraction matching a labelled object at IoU ≥ 0.5 (0 when
        /// there are none).
        public var precision: Double
        /// The fraction of labelled objects matched by such a detection at IoU ≥ 0.5.
        public var recall: Double
        /// Average precision at IoU 0.5.
        public var averagePrecision50: Double
        /// Average precision averaged over the IoU thresholds 0.50, 0.55, …, 0.95.
        public var averagePrecision50to95: Double
        /// Average precision at each of `DetectionEvaluator.iouThresholds`.
        public var averagePrecisionByThreshold: [Double]
    }

    /// Classes with at least one labelled object, by class index.
    public var perClass: [ClassMetrics]
    /// The mean over `perClass` of AP@0.5 — mAP@0.5; nil when nothing is labelled.
    public var meanAveragePrecision50: Double?
    /// The mean over `perClass` of AP@0.5:0.95 — COCO's mAP; nil when nothing is labelled.
    public var meanAveragePrecision50to95: Double?
    /// The mean over `perClass` of precision at the operating confidence.
    public var meanPrecision: Double?
    /// The mean over `perClass` of recall at the operating confidence.
    public var meanRecall: Double?
    /// The confidence precision and recall are measured above.
    public var operatingConfidence: Double
    public var photoCount: Int
    public var instanceCount: Int
    /// Classes that were detected but have no labelled object: left out of the means, as COCO does.
    public var detectedClassesWithoutLabels: [Int]
}
