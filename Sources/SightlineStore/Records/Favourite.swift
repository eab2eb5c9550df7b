// Favourite: something the user marked as a favourite — a breed of the encyclopaedia or a
// recipe — identified by its kind and the key the Apps layer uses for it.
public import Foundation
public import GRDB

/// What a favourite refers to.
public enum FavouriteKind: String, Codable, Sendable, CaseIterable {
    /// A breed of the cat encyclopaedia; the key is its name.
    case breed
    /// A recipe; the key is its id.
    case recipe
}

/// One favourite. There is at most one per kind and key.
public struct Favourite: Codable, Sendable, Equatable {
    public var id: Int64?
    public var kind: FavouriteKind
    public var key: String
    public var createdAt: Date

    public init(id: Int64? = nil, kind: FavouriteKind, key: String, createdAt: Date = Date()) {
        self.id = id
        self.kind = kind
        self.key = key
        self.createdAt = createdAt
    }
}

extension Favourite: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "favourite"

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
