// RecognitionCaptureSummary: a capture without its image bytes, for listing the history
// without reading every photo.
public import Foundation
public import GRDB

/// A saved capture without its image and thumbnail (fetch those with
/// `RecognitionHistory.image(id:)` and `thumbnail(id:)`).
public struct RecognitionCaptureSummary: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64
    public var createdAt: Date
    public var label: String
    public var classIndex: Int
    /// 0…1.
    public var confidence: Double
    public var categoryID: String
    /// Nil when no face scan ran.
    public var faceCount: Int?

    public init(id: Int64, createdAt: Date, label: String, classIndex: Int, confidence: Double,
                categoryID: String, faceCount: Int?) {
        self.id = id
        self.createdAt = createdAt
        self.label = label
        self.classIndex = classIndex
        self.confidence = confidence
        self.categoryID = categoryID
        self.faceCount = faceCount
    }
}

extension RecognitionCaptureSummary: FetchableRecord, TableRecord {
    public static let databaseTableName = RecognitionCapture.databaseTableName

    /// Only the summary's columns are selected, so SQLite never reads the image pages.
    public static var databaseSelection: [any SQLSelectable] {
        [
            Column("id"), Column("createdAt"), Column("label"), Column("classIndex"),
            Column("confidence"), Column("categoryID"), Column("faceCount"),
        ]
    }

    public static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        .timeIntervalSinceReferenceDate
    }
}
