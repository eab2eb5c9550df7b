// LabelledFeatures: feature vectors with the class of each — the training and validation data
// of logistic regression.

/// Feature vectors with the class index of each.
public struct LabelledFeatures: Sendable, Equatable {
    public var features: FeatureMatrix
    /// One class index (0 ..< classCount) per row.
    public var labels: [Int]
    public var classCount: Int

    /// - Precondition: one label per row, each in 0 ..< classCount.
    public init(features: FeatureMatrix, labels: [Int], classCount: Int) {
        precondition(labels.count == features.rows, "\(features.rows) rows need as many labels, got \(labels.count)")
        precondition(labels.allSatisfy { (0 ..< classCount).contains($0) }, "labels must lie in 0 ..< \(classCount)")
        self.features = features
        self.labels = labels
        self.classCount = classCount
    }

    /// The rows at `indices`, in that order.
    public func selecting(rows indices: [Int]) -> LabelledFeatures {
        LabelledFeatures(features: features.selecting(rows: indices), labels: indices.map { labels[$0] },
                         classCount: classCount)
    }

    /// These rows followed by `other`'s.
    public func appending(_ other: LabelledFeatures) -> LabelledFeatures {
        precondition(other.classCount == classCount, "cannot combine \(classCount) and \(other.classCount) classes")
        return LabelledFeatures(features: features.appending(other.features), labels: labels + other.labels,
                                classCount: classCount)
    }
}
