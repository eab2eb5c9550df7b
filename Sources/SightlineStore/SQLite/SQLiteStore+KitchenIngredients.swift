// SQLiteStore+KitchenIngredients: KitchenIngredients (see KitchenIngredients.swift) in the SQLite file, through GRDB.
public import Foundation
import GRDB

extension SQLiteStore {
    public var kitchenIngredients: SQLiteKitchenIngredients { SQLiteKitchenIngredients(store: self) }
}

/// KitchenIngredients in the SQLite file.
public struct SQLiteKitchenIngredients: KitchenIngredients {
    let store: SQLiteStore

    @discardableResult
    public func add(_ name: String, at date: Date = Date()) throws -> Bool {
        try StoreValidation.requireText(name, field: "ingredient name")
        return try store.write { db in
            var ingredient = KitchenIngredient(name: name, addedAt: date)
            try ingredient.insert(db, onConflict: .ignore)
            return db.changesCount > 0
        }
    }

    @discardableResult
    public func remove(_ name: String) throws -> Bool {
        try store.write { db in
            try KitchenIngredient.filter(Column("name") == name).deleteAll(db) > 0
        }
    }

    @discardableResult
    public func clear() throws -> Int {
        try store.write { db in try KitchenIngredient.deleteAll(db) }
    }

    public func list() throws -> [KitchenIngredient] {
        try store.read { db in
            try KitchenIngredient.order(Column("addedAt").desc, Column("id").desc).fetchAll(db)
        }
    }
}
