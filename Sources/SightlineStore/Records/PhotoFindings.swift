// PhotoFindings: what a worker found in one photo of the index — its ranked labels (with their
// categories), how many faces, its feature print — recorded together, replacing any earlier
// findings for the photo.
/// The findings of the tasks a worker ran on one photo; a task it did not run is nil.
public struct PhotoFindings: Sendable, Equatable {
    /// One ranked label.
    public struct Label: Sendable, Equatable {
        public var label: String
        /// The label's category (the Object Recognizer's), if it has one.
        public var category: String?
        public var confidence: Double

        public init(label: String, category: String?, confidence: Double) {
            self.label = label
            self.category = category
            self.confidence = confidence
        }
    }

    /// Best first; nil when classification was not a task.
    public var labels: [Label]?
    public var faceCount: Int?
    /// The feature print and the model that made it; nil when not a task.
    public var featurePrint: (model: String, vector: [Float])?

    public init(labels: [Label]? = nil, faceCount: Int? = nil, featurePrint: (model: String, vector: [Float])? = nil) {
        self.labels = labels
        self.faceCount = faceCount
        self.featurePrint = featurePrint
    }

    public static func == (lhs: PhotoFindings, rhs: PhotoFindings) -> Bool {
        lhs.labels == rhs.labels && lhs.faceCount == rhs.faceCount
            && lhs.featurePrint?.model == rhs.featurePrint?.model && lhs.featurePrint?.vector == rhs.featurePrint?.vector
    }
}

extension PhotoFindings {
    /// The distinct labels of `findings` with their category, in order (so that concurrent
    /// batches add to the vocabulary in the same order).
    static func vocabulary(of findings: [PhotoFindings]) -> [(label: String, category: String?)] {
        var categories: [String: String?] = [:]
        for label in findings.flatMap({ $0.labels ?? [] }) where categories[label.label] == nil {
            categories[label.label] = .some(label.category)
        }
        return categories.keys.sorted().map { ($0, categories[$0] ?? nil) }
    }
}
