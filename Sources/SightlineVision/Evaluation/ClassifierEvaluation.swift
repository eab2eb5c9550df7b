// ClassifierEvaluation: the numbers Create ML shows after evaluating an image classifier on
// labelled photos — per class the photo count, precision, recall and F1; accuracy, macro
// averages, top-3 accuracy and the confusion matrix.

/// One evaluated photo: its true class, the classifier's ranking of classes and its confidence
/// in the first.
public struct ClassifierOutcome: Sendable, Equatable {
    /// The true class's index in the model's labels.
    public var truth: Int
    /// Class indices, most likely first (at least three for a meaningful top-3).
    public var ranking: [Int]
    /// The confidence of the first class in `ranking`, 0…1.
    public var confidence: Double

    public init(truth: Int, ranking: [Int], confidence: Double = 0) {
        self.truth = truth
        self.ranking = ranking
        self.confidence = confidence
    }

    /// The predicted class (nil when the ranking is empty).
    public var predicted: Int? { ranking.first }

    /// The outcome as a calibration photo: its top-1 confidence and whether that class was right.
    public var calibrationOutcome: ConfidenceCalibration.Outcome {
        ConfidenceCalibration.Outcome(confidence: confidence, correct: predicted == truth)
    }
}

/// Classification metrics over a set of outcomes, as scikit-learn's `classification_report`
/// computes them: the classes are those that occur as a true or a predicted class, in model
/// order; a precision, recall or F1 whose denominator is zero counts as 0; macro averages are
/// the unweighted means over those classes.
public struct ClassifierEvaluation: Sendable, Equatable {
    /// One class's row of the report.
    public struct ClassMetrics: Sendable, Equatable {
        public var label: String
        /// Photos whose true class this is (the "support").
        public var count: Int
        /// Photos predicted as this class.
        public var predictedCount: Int
        /// Of the photos predicted as this class, the fraction that are, 0…1.
        public var precision: Double
        /// Of the photos of this class, the fraction predicted as it, 0…1.
        public var recall: Double
        /// The harmonic mean of precision and recall, 0…1.
        public var f1: Double
    }

    /// The classes of the report and of the matrix, in model order.
    public let labels: [String]
    /// The model label index of each of `labels`.
    public let labelIndices: [Int]
    /// `confusion[t][p]`: photos of class `labels[t]` predicted as `labels[p]`.
    public let confusion: [[Int]]
    public let perClass: [ClassMetrics]
    public let photoCount: Int
    /// Fraction of photos whose predicted class is the true one, 0…1.
    public let accuracy: Double
    /// Fraction of photos whose true class is among the three most likely, 0…1.
    public let top3Accuracy: Double
    public let macroPrecision: Double
    public let macroRecall: Double
    public let macroF1: Double

    /// Computes the metrics of `outcomes` for a model with `modelLabels`.
    ///
    /// - Precondition: every true and ranked index lies in `modelLabels`' indices.
    public init(modelLabels: [String], outcomes: [ClassifierOutcome]) {
        precondition(outcomes.allSatisfy { outcome in
            modelLabels.indices.contains(outcome.truth) && outcome.ranking.allSatisfy(modelLabels.indices.contains)
        }, "every class index must be one of the model's \(modelLabels.count) labels")
        let present = Set(outcomes.map(\.truth)).union(outcomes.compactMap(\.predicted)).sorted()
        let position = Dictionary(uniqueKeysWithValues: present.enumerated().map { ($1, $0) })
        var confusion = Array(repeating: Array(repeating: 0, count: present.count), count: present.count)
        var correct = 0, top3 = 0
        for outcome in outcomes {
            if let predicted = outcome.predicted {
                confusion[position[outcome.truth]!][position[predicted]!] += 1
            }
            if outcome.predicted == outcome.truth { correct += 1 }
            if outcome.ranking.prefix(3).contains(outcome.truth) { top3 += 1 }
        }
        func ratio(_ part: Int, _ whole: Int) -> Double { whole > 0 ? Double(part) / Double(whole) : 0 }
        perClass = present.indices.map { row in
            let hits = confusion[row][row]
            let count = confusion[row].reduce(0, +)
            let predictedCount = confusion.reduce(0) { $0 + $1[row] }
            let precision = ratio(hits, predictedCount), recall = ratio(hits, count)
            let f1 = precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0
            return ClassMetrics(label: modelLabels[present[row]], count: count, predictedCount: predictedCount,
                                precision: precision, recall: recall, f1: f1)
        }
        labels = present.map { modelLabels[$0] }
        labelIndices = present
        self.confusion = confusion
        photoCount = outcomes.count
        accuracy = ratio(correct, outcomes.count)
        top3Accuracy = ratio(top3, outcomes.count)
        let classes = Double(max(present.count, 1))
        macroPrecision = perClass.reduce(0) { $0 + $1.precision } / classes
        macroRecall = perClass.reduce(0) { $0 + $1.recall } / classes
        macroF1 = perClass.reduce(0) { $0 + $1.f1 } / classes
    }
}
