// EvaluationJSON: how a model scored on a labelled folder, as `sightline evaluate --json`
// (a classifier: accuracy, per-class precision/recall/F1, confusion matrix) and
// `sightline evaluate-detector --json` (a detector: mAP@0.5 and @0.5:0.95, per-class AP) print it.
public import Foundation
public import SightlineVision

/// {"accuracy", "top3_accuracy", "per_class": [{"label", "count", "precision", "recall", "f1"}],
/// "labels", "confusion", "macro_average": {"precision", "recall", "f1"}, "photos", "skipped":
/// [{"file", "error"}]}; confusion rows are the true class, columns the predicted one.
public struct ClassifierEvaluationJSON: JSONAnswer, Sendable {
    public struct ClassScores: Encodable, Sendable {
        public var label: String
        public var count: Int
        public var precision: Double
        public var recall: Double
        public var f1: Double
    }

    public struct Average: Encodable, Sendable {
        public var precision: Double
        public var recall: Double
        public var f1: Double
    }

    public var accuracy: Double
    public var top3Accuracy: Double
    public var perClass: [ClassScores]
    public var labels: [String]
    public var confusion: [[Int]]
    public var macroAverage: Average
    public var photos: Int
    public var skipped: [ErrorJSON]

    /// `display` names a photo's file the way the user gave its folder.
    public init(_ run: ClassifierEvaluationRun, display: (URL) -> String) {
        let evaluation = run.evaluation
        accuracy = evaluation.accuracy
        top3Accuracy = evaluation.top3Accuracy
        perClass = evaluation.perClass.map {
            ClassScores(label: $0.label, count: $0.count, precision: $0.precision, recall: $0.recall, f1: $0.f1)
        }
        labels = evaluation.labels
        confusion = evaluation.confusion
        macroAverage = Average(precision: evaluation.macroPrecision, recall: evaluation.macroRecall, f1: evaluation.macroF1)
        photos = evaluation.photoCount
        skipped = run.skippedPhotos.map { ErrorJSON(file: display($0.url), message: $0.reason) }
    }

    private enum CodingKeys: String, CodingKey {
        case accuracy, top3Accuracy = "top3_accuracy", perClass = "per_class", labels, confusion
        case macroAverage = "macro_average", photos, skipped
    }
}

/// {"map50", "map50_95", "precision", "recall", "confidence", "photos", "instances", "per_class":
/// [{"class", "label", "photos", "instances", "detections", "precision", "recall", "ap50",
/// "ap50_95"}], "failed", "skipped"}: a score is null for a class without labelled boxes.
public struct DetectorEvaluationJSON: JSONAnswer, Sendable {
    public struct ClassScores: Encodable, Sendable {
        public var `class`: Int
        public var label: String
        public var photos: Int
        public var instances: Int
        public var detections: Int
        @Nullable public var precision: Double?
        @Nullable public var recall: Double?
        @Nullable public var ap50: Double?
        @Nullable public var ap50_95: Double?
    }

    @Nullable public var map50: Double?
    @Nullable public var map50_95: Double?
    @Nullable public var precision: Double?
    @Nullable public var recall: Double?
    /// The confidence precision and recall are counted above.
    public var confidence: Double
    public var photos: Int
    public var instances: Int
    public var perClass: [ClassScores]
    /// Photos the detector failed on, with the reason.
    public var failed: [String]
    /// Photos or label files the dataset could not use, with the reason.
    public var skipped: [String]

    public init(_ metrics: DetectionMetrics, failures: [String], skipped: [YOLODataset.SkippedPhoto]) {
        map50 = metrics.meanAveragePrecision50
        map50_95 = metrics.meanAveragePrecision50to95
        precision = metrics.meanPrecision
        recall = metrics.meanRecall
        confidence = metrics.operatingConfidence
        photos = metrics.photoCount
        instances = metrics.instanceCount
        perClass = metrics.perClass.map { scores in
            ClassScores(class: scores.classIndex, label: scores.label, photos: scores.photoCount, instances: scores.instanceCount,
                        detections: scores.detectionCount, precision: scores.precision, recall: scores.recall,
                        ap50: scores.averagePrecision50, ap50_95: scores.averagePrecision50to95)
        }
        failed = failures
        self.skipped = skipped.map { "\($0.url.path): \($0.reason)" }
    }

    private enum CodingKeys: String, CodingKey {
        case map50, map50_95, precision, recall, confidence, photos, instances, perClass = "per_class", failed, skipped
    }
}
