// RecognitionCapture: one accepted Object Recognizer capture as stored — what was recognised,
// when, and the annotated photo and its thumbnail as JPEG bytes the caller encoded.
public import Foundation
public import GRDB

/// One Object Recognizer capture: the label and confidence shown when it was taken, its broad
/// category, the number of faces found (nil when no face scan ran), and the annotated photo
/// and thumbnail as JPEG bytes.
public struct RecognitionCapture: Codable, Sendable, Equatable {
    /// Nil until the capture is saved; set by `RecognitionHistory.add`.
    public var id: Int64?
    public var createdAt: Date
    /// The top-1 label.
    public var label: String
    /// The label's index among the model's classes.
    public var classIndex: Int
    /// The top-1 confidence, 0…1.
    public var confidence: Double
    /// The broad category the label belongs to (the Apps layer's category data file).
    public var categoryID: String
    /// How many faces the face scan found, or nil when none was run.
    public var faceCount: Int?
    /// The annotated photo, JPEG.
    public var image: Data
    /// A small version of the photo for lists, JPEG.
    public var thumbnail: Data

    public init(id: Int64? = nil, createdAt: Date = Date(), label: String, classIndex: Int,
                confidence: Double, categoryID: String, faceCount: Int? = nil,
                image: Data, thumbnail: Data) {
        self.id = id
        self.createdAt = createdAt
        self.label = label
        self.classIndex = classIndex
        self.confidence = confidence
        self.categoryID = categoryID
        self.faceCount = faceCount
        self.image = image
        self.thumbnail = thumbnail
    }

    /// Throws `StoreError.invalidValue` for values the table would reject.
    func validate() throws {
        try StoreValidation.requireText(label, field: "capture label")
        try StoreValidation.requireText(categoryID, field: "capture category")
        try StoreValidation.requireConfidence(confidence, field: "capture confidence")
        guard classIndex >= 0 else {
            throw StoreError.invalidValue(field: "capture class index", reason: "\(classIndex) is negative")
        }
        if let faceCount, faceCount < 0 {
            throw StoreError.invalidValue(field: "capture face count", reason: "\(faceCount) is negative")
        }
        try StoreValidation.requireBytes(image, field: "capture image")
        try StoreValidation.requireBytes(thumbnail, field: "capture thumbnail")
    }
}

extension RecognitionCapture: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "recognitionCapture"

    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .timeIntervalSinceReferenceDate
    }

    public static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        .timeIntervalSinceReferenceDate
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
