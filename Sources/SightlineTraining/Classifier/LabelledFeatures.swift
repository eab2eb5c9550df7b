// LabelledFeatures: feature vectors with the class of each — the training and validation data
// of logistic regression — and how much each class's rows count.

/// Feature vectors with the class index of each.
public struct LabelledFeatures: Sendable, Equatable {
    public var features: FeatureMatrix
    /// One class index (0 ..< classCount) per row.
    public var labels: [Int]
    public var classCount: Int
    /// How much one row of each class counts in the loss (scikit-learn's `class_weight`); nil:
    /// every row counts 1.
    public var classWeights: [Double]?

    /// - Precondition: one label per row, each in 0 ..< classCount; one positive, finite weight
    ///   per class when weights are given.
    public init(features: FeatureMatrix, labels: [Int], classCount: Int, classWeights: [Double]? = nil) {
        precondition(labels.count == features.rows, "\(features.rows) rows need as many labels, got \(labels.count)")
        precondition(labels.allSatisfy { (0 ..< classCount).contains($0) }, "labels must lie in 0 ..< \(classCount)")
        precondition(classWeights.map { $0.count == classCount && $0.allSatisfy { $0 > 0 && $0.isFinite } } ?? true,
                     "class weights must be one positive, finite number per class")
        self.features = features
        self.labels = labels
        self.classCount = classCount
        self.classWeights = classWeights
    }

    /// The weight of row `row`'s class (1 without class weights).
    func weight(ofRow row: Int) -> Double {
        classWeights?[labels[row]] ?? 1
    }

    /// The sum of the rows' weights: the row count without class weights.
    var totalWeight: Double {
        guard let classWeights else { return Double(labels.count) }
        return labels.reduce(0) { $0 + classWeights[$1] }
    }

    /// The rows at `indices`, in that order.
    public func selecting(rows indices: [Int]) -> LabelledFeatures {
        LabelledFeatures(features: features.selecting(rows: indices), labels: indices.map { labels[$0] },
                         classCount: classCount, classWeights: classWeights)
    }

    /// These rows followed by `other`'s.
    public func appending(_ other: LabelledFeatures) -> LabelledFeatures {
        precondition(other.classCount == classCount, "cannot combine \(classCount) and \(other.classCount) classes")
        precondition(other.classWeights == classWeights, "cannot combine rows with different class weights")
        return LabelledFeatures(features: features.appending(other.features), labels: labels + other.labels,
                                classCount: classCount, classWeights: classWeights)
    }
}
