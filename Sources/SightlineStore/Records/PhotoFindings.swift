// PhotoFindings: what a worker found in one photo of the index — its ranked labels (with their
// categories), how many faces, its feature print — recorded together, replacing any earlier
// findings for the photo.
import Foundation

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

    /// Throws `StoreError.invalidValue` for an empty label, a confidence outside 0…1 or a
    /// negative face count.
    func validate() throws {
        for label in labels ?? [] {
            try StoreValidation.requireText(label.label, field: "label")
            try StoreValidation.requireConfidence(label.confidence, field: "confidence")
        }
        if let faceCount, faceCount < 0 {
            throw StoreError.invalidValue(field: "face count", reason: "\(faceCount) is negative")
        }
    }

    /// The LIKE patterns a search for `text` matches labels and category ids with: the text
    /// anywhere, its wildcard characters escaped with a backslash, and for categories its
    /// spaces read as the ids' hyphens ("fruit and" finds fruit-and-vegetables).
    static func searchPatterns(for text: String) -> (label: String, category: String) {
        let pattern = "%" + text.trimmingCharacters(in: .whitespaces)
            .replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_") + "%"
        return (pattern, pattern.replacingOccurrences(of: " ", with: "-"))
    }

    /// `values` as a JSON array, the form SQLite's json_each reads a list parameter in.
    static func jsonArray(_ values: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(values), as: UTF8.self)
    }
}
