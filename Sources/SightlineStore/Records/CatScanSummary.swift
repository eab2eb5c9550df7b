// CatScanSummary: a cat scan without its photo bytes, for the history list and the result
// page (the breeds link to the encyclopaedia; the photo is fetched separately).
public import Foundation
public import GRDB

/// A saved cat scan without its photo and thumbnail (fetch those with
/// `CatScanHistory.photo(id:)` and `thumbnail(id:)`).
public struct CatScanSummary: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64
    public var createdAt: Date
    public var isCat: Bool
    /// 0…1.
    public var catConfidence: Double
    public var message: String
    /// Best first.
    public var breeds: [CatBreedMatch]

    public init(id: Int64, createdAt: Date, isCat: Bool, catConfidence: Double, message: String,
                breeds: [CatBreedMatch]) {
        self.id = id
        self.createdAt = createdAt
        self.isCat = isCat
        self.catConfidence = catConfidence
        self.message = message
        self.breeds = breeds
    }
}

extension CatScanSummary: FetchableRecord, TableRecord {
    public static let databaseTableName = CatScan.databaseTableName

    /// Only the summary's columns are selected, so SQLite never reads the photo pages.
    public static var databaseSelection: [any SQLSelectable] {
        [
            Column("id"), Column("createdAt"), Column("isCat"), Column("catConfidence"),
            Column("message"), Column("breeds"),
        ]
    }

    public static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        .timeIntervalSinceReferenceDate
    }
}
