// CatScan: one Cat Scanner result as stored — whether it is a cat, the message shown, the top
// breeds in order, and the photo and thumbnail as compressed bytes the caller encoded.
public import Foundation
public import GRDB

/// One Cat Scanner result with its photo.
public struct CatScan: Codable, Sendable, Equatable {
    /// Nil until the scan is saved; set by `CatScanHistory.add`.
    public var id: Int64?
    public var createdAt: Date
    /// Whether the cat detector judged the photo to show a cat.
    public var isCat: Bool
    /// The cat detector's confidence that it is a cat, 0…1.
    public var catConfidence: Double
    /// The message shown above the breeds ("This cat shares the features of:" …).
    public var message: String
    /// The top breeds, best first, in the order the caller gives them.
    public var breeds: [CatBreedMatch]
    /// The photo, compressed (JPEG or WebP) by the caller.
    public var photo: Data
    /// A small version of the photo for lists.
    public var thumbnail: Data

    public init(id: Int64? = nil, createdAt: Date = Date(), isCat: Bool, catConfidence: Double,
                message: String, breeds: [CatBreedMatch], photo: Data, thumbnail: Data) {
        self.id = id
        self.createdAt = createdAt
        self.isCat = isCat
        self.catConfidence = catConfidence
        self.message = message
        self.breeds = breeds
        self.photo = photo
        self.thumbnail = thumbnail
    }

    /// Throws `StoreError.invalidValue` for values the table would reject or that make no sense
    /// in a history entry.
    func validate() throws {
        try StoreValidation.requireConfidence(catConfidence, field: "cat confidence")
        try StoreValidation.requireText(message, field: "scan message")
        for breed in breeds {
            try StoreValidation.requireText(breed.name, field: "breed name")
            try StoreValidation.requireConfidence(breed.confidence, field: "confidence of \(breed.name)")
        }
        try StoreValidation.requireBytes(photo, field: "scan photo")
        try StoreValidation.requireBytes(thumbnail, field: "scan thumbnail")
    }
}

extension CatScan: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "catScan"

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
