// KitchenIngredient: one entry of the Kitchen app's ingredient list — a name the Apps layer
// has already normalised (lowercased, trimmed, synonyms and plurals folded) and when it was
// added.
public import Foundation
public import GRDB

/// One ingredient on the Kitchen list.
public struct KitchenIngredient: Codable, Sendable, Equatable {
    public var id: Int64?
    /// The normalised name; unique on the list.
    public var name: String
    public var addedAt: Date

    public init(id: Int64? = nil, name: String, addedAt: Date = Date()) {
        self.id = id
        self.name = name
        self.addedAt = addedAt
    }
}

extension KitchenIngredient: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "kitchenIngredient"

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
