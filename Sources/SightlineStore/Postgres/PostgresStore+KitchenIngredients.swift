// PostgresStore+KitchenIngredients: the PostgreSQL implementation of KitchenIngredients (see
// KitchenIngredients.swift).
public import Foundation
import PostgresNIO

/// The Kitchen app's ingredient list in PostgreSQL.
public struct PostgresKitchenIngredients: KitchenIngredients {
    let store: PostgresStore

    @discardableResult
    public func add(_ name: String, at date: Date = Date()) async throws -> Bool {
        try StoreValidation.requireText(name, field: "ingredient name")
        return try await !store.rows("""
            INSERT INTO kitchen_ingredient (name, added_at) VALUES (\(name), \(date.timeIntervalSinceReferenceDate))
            ON CONFLICT (name) DO NOTHING RETURNING id
            """).isEmpty
    }

    @discardableResult
    public func remove(_ name: String) async throws -> Bool {
        try await !store.rows("DELETE FROM kitchen_ingredient WHERE name = \(name) RETURNING id").isEmpty
    }

    @discardableResult
    public func clear() async throws -> Int {
        try await store.rows("DELETE FROM kitchen_ingredient RETURNING id").count
    }

    public func list() async throws -> [KitchenIngredient] {
        try await store.rows("SELECT id, name, added_at FROM kitchen_ingredient ORDER BY added_at DESC, id DESC").map { row in
            let (id, name, addedAt) = try row.decode((Int64, String, Double).self)
            return KitchenIngredient(id: id, name: name, addedAt: Date(timeIntervalSinceReferenceDate: addedAt))
        }
    }
}
