// Store+KitchenIngredients: the Kitchen app's ingredient list — add (duplicates ignored, as
// the original app did), remove, clear, list newest on top.
public import Foundation
import GRDB

extension Store {
    /// The Kitchen app's ingredient list.
    public var kitchenIngredients: KitchenIngredients { KitchenIngredients(store: self) }
}

/// The Kitchen app's ingredient list: unique names, newest on top. Names arrive normalised;
/// the store compares them exactly.
public struct KitchenIngredients: Sendable {
    let store: Store

    /// Adds `name` on top of the list and returns true, or returns false when it is already on
    /// the list. A duplicate is ignored and keeps its place, as in the original app: re-adding
    /// "egg" does not reorder the list the user is looking at.
    ///
    /// - Throws: `StoreError.invalidValue` for an empty name.
    @discardableResult
    public func add(_ name: String, at date: Date = Date()) throws -> Bool {
        try StoreValidation.requireText(name, field: "ingredient name")
        return try store.write { db in
            var ingredient = KitchenIngredient(name: name, addedAt: date)
            try ingredient.insert(db, onConflict: .ignore)
            return db.changesCount > 0
        }
    }

    /// Removes `name`; returns false when it was not on the list.
    @discardableResult
    public func remove(_ name: String) throws -> Bool {
        try store.write { db in
            try KitchenIngredient.filter(Column("name") == name).deleteAll(db) > 0
        }
    }

    /// Empties the list; returns how many ingredients were on it.
    @discardableResult
    public func clear() throws -> Int {
        try store.write { db in try KitchenIngredient.deleteAll(db) }
    }

    /// The list, newest first (ties by id, newest first).
    public func list() throws -> [KitchenIngredient] {
        try store.read { db in
            try KitchenIngredient.order(Column("addedAt").desc, Column("id").desc).fetchAll(db)
        }
    }
}
