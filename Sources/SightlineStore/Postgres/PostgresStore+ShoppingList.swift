// PostgresStore+ShoppingList: the PostgreSQL implementation of ShoppingList (see
// ShoppingList.swift); items with the same name merge as in SQLite (`ShoppingListItem.merge`).
public import Foundation
import PostgresNIO

/// The Kitchen app's shopping list in PostgreSQL.
public struct PostgresShoppingList: ShoppingList {
    let store: PostgresStore

    @discardableResult
    public func add(_ items: [NewShoppingListItem], at date: Date = Date()) async throws -> Int {
        for item in items {
            try StoreValidation.requireText(item.name, field: "shopping list item name")
        }
        let logger = store.logger
        return try await store.transaction { connection in
            var added = 0
            for item in items {
                // The row lock makes two servers adding the same item at once merge in turn.
                let existing = try await connection.query("""
                    SELECT \(unescaped: Self.columns) FROM shopping_list_item WHERE name = \(item.name) FOR UPDATE
                    """, logger: logger).collect().first
                if let existing {
                    var line = try Self.item(existing)
                    line.merge(item)
                    try await connection.query("""
                        UPDATE shopping_list_item SET amount = \(line.amount), recipe_id = \(line.recipeID),
                            recipe_title = \(line.recipeTitle), is_checked = \(line.isChecked)
                        WHERE id = \(line.id ?? 0)
                        """, logger: logger)
                } else {
                    let inserted = try await connection.query("""
                        INSERT INTO shopping_list_item (name, amount, recipe_id, recipe_title, created_at)
                        VALUES (\(item.name), \(item.amount), \(item.recipeID), \(item.recipeTitle), \(date.timeIntervalSinceReferenceDate))
                        ON CONFLICT (name) DO NOTHING RETURNING id
                        """, logger: logger).collect()
                    guard !inserted.isEmpty else {
                        // Another server inserted it between the look-up and the insert: merge
                        // into that one on a new attempt of the whole transaction.
                        throw StoreError.databaseFailure(path: store.locationDescription,
                                                         reason: "the item \(item.name) was added at the same moment elsewhere; try again")
                    }
                    added += 1
                }
            }
            return added
        }
    }

    @discardableResult
    public func toggleChecked(id: Int64) async throws -> Bool? {
        try await store.rows("UPDATE shopping_list_item SET is_checked = NOT is_checked WHERE id = \(id) RETURNING is_checked")
            .first?.decode(Bool.self)
    }

    @discardableResult
    public func remove(id: Int64) async throws -> Bool {
        try await !store.rows("DELETE FROM shopping_list_item WHERE id = \(id) RETURNING id").isEmpty
    }

    @discardableResult
    public func clearChecked() async throws -> Int {
        try await store.rows("DELETE FROM shopping_list_item WHERE is_checked RETURNING id").count
    }

    @discardableResult
    public func clearAll() async throws -> Int {
        try await store.rows("DELETE FROM shopping_list_item RETURNING id").count
    }

    public func list() async throws -> [ShoppingListItem] {
        try await store.rows("SELECT \(unescaped: Self.columns) FROM shopping_list_item ORDER BY created_at, id").map(Self.item)
    }

    private static let columns = "id, name, amount, recipe_id, recipe_title, is_checked, created_at"

    private static func item(_ row: PostgresRow) throws -> ShoppingListItem {
        let (id, name, amount, recipeID, recipeTitle, isChecked, createdAt) =
            try row.decode((Int64, String, String?, String?, String?, Bool, Double).self)
        return ShoppingListItem(id: id, name: name, amount: amount, recipeID: recipeID, recipeTitle: recipeTitle,
                                isChecked: isChecked, createdAt: Date(timeIntervalSinceReferenceDate: createdAt))
    }
}
