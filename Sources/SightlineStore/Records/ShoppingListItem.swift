// ShoppingListItem: one line of the Kitchen app's shopping list — an ingredient name, an
// optional amount as free text, the recipe it came from, and whether it has been bought.
public import Foundation
public import GRDB

/// One line of the shopping list. Names are unique on the list.
public struct ShoppingListItem: Codable, Sendable, Equatable {
    /// Nil until the item is saved; items the store returns have one.
    public var id: Int64?
    /// The normalised ingredient name.
    public var name: String
    /// Free text such as "200 g" or "200 g + 1 cup" after merging; nil when unknown.
    public var amount: String?
    /// The recipe the item was added for, if any.
    public var recipeID: String?
    public var recipeTitle: String?
    /// Whether it has been ticked off.
    public var isChecked: Bool
    public var createdAt: Date

    public init(id: Int64? = nil, name: String, amount: String? = nil, recipeID: String? = nil,
                recipeTitle: String? = nil, isChecked: Bool = false, createdAt: Date = Date()) {
        self.id = id
        self.name = name
        self.amount = amount
        self.recipeID = recipeID
        self.recipeTitle = recipeTitle
        self.isChecked = isChecked
        self.createdAt = createdAt
    }
}

extension ShoppingListItem: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "shoppingListItem"

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
