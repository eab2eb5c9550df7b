// RecognitionSmoother: the Object Recognizer's live label held steady across camera frames. Each
// class's confidence is an exponential moving average over the frames' top five, so one odd
// frame does not flip the result bar; the label shown is the class with the highest average.
import SightlineVision

public struct RecognitionSmoother: Sendable {
    /// How much of the running average each new frame keeps (0: no smoothing).
    public let retention: Double
    private let categories: ObjectCategories
    private var averages: [Int: (label: String, score: Double)] = [:]

    public init(categories: ObjectCategories, retention: Double = 0.6) {
        self.categories = categories
        self.retention = min(max(retention, 0), 0.95)
    }

    /// Adds one frame's recognition and returns the smoothed one: the best class by averaged
    /// confidence, its category, the top five by average, and this frame's face scan.
    public mutating func add(_ recognition: ObjectRecognition) -> ObjectRecognition {
        for key in averages.keys {
            averages[key]!.score *= retention
        }
        for observation in recognition.ranked {
            let previous = averages[observation.index]?.score ?? 0
            averages[observation.index] = (observation.label, previous + (1 - retention) * Double(observation.confidence))
        }
        averages = averages.filter { $0.value.score >= 0.005 }
        let ranked = averages.sorted { $0.value.score > $1.value.score || ($0.value.score == $1.value.score && $0.key < $1.key) }
            .prefix(max(recognition.ranked.count, 1))
            .map { ClassificationObservation(index: $0.key, label: $0.value.label, confidence: Float($0.value.score)) }
        guard let best = ranked.first, let category = categories.category(ofClass: best.index) else { return recognition }
        return ObjectRecognition(best: best, ranked: ranked, rankedNames: categories.names(of: ranked), category: category,
                                 rule: recognition.rule, faceScan: recognition.faceScan)
    }

    /// Forgets the past frames (the camera was switched or the view left).
    public mutating func reset() {
        averages = [:]
    }
}
