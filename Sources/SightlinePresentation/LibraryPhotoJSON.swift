// LibraryPhotoJSON: one photo of the photo library with what was found in it, as the API's
// `GET /library/photos/{id}` answers — `{"id", "file", "name", "size", "modified_at", "state",
// "failure", "labels": [{"label", "category", "category_name", "confidence"}], "face_count",
// "similar_available"}`; a label's category named in the request's language.
import Foundation
public import SightlineApps
public import SightlineStore

/// An indexed photo and its findings.
public struct LibraryPhotoJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "LibraryPhoto" }

    public struct Label: Encodable, Sendable {
        public var label: String
        @Nullable public var category: String?
        @Nullable public var categoryName: String?
        public var confidence: Double

        private enum CodingKeys: String, CodingKey {
            case label, category, categoryName = "category_name", confidence
        }
    }

    public var id: Int64
    public var file: String
    /// The file's name without its folder.
    public var name: String
    public var size: Int
    /// ISO 8601, UTC.
    public var modifiedAt: String
    public var state: String
    @Nullable public var failure: String?
    public var labels: [Label]
    @Nullable public var faceCount: Int?
    /// Whether the photo has a feature print, so its similar photos can be asked for.
    public var similarAvailable: Bool

    private enum CodingKeys: String, CodingKey {
        case id, file, name, size, modifiedAt = "modified_at", state, failure, labels, faceCount = "face_count"
        case similarAvailable = "similar_available"
    }

    public init(_ photo: IndexedPhoto, categories: ObjectCategories, language: Language) {
        id = photo.id
        file = photo.path
        name = URL(fileURLWithPath: photo.path).lastPathComponent
        size = photo.size
        modifiedAt = ISO8601DateFormatter().string(from: photo.modifiedAt)
        state = photo.state.rawValue
        failure = photo.failure
        labels = photo.labels.map { label in
            Label(label: label.label, category: label.category,
                  categoryName: label.category.flatMap { categories.category(id: $0)?.name.text(in: language) },
                  confidence: label.confidence)
        }
        faceCount = photo.faceCount
        similarAvailable = photo.featurePrintModel != nil
    }
}
