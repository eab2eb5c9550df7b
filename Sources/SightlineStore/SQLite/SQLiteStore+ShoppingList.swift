// SQLiteStore+ShoppingList: ShoppingList (see ShoppingList.swift) in the SQLite file, through GRDB.
public import Foundation
import GRDB

extension SQLiteStore {
    public var shoppingList: SQLiteShoppingList { SQLiteShoppingList(store: self) }
}

/// ShoppingList in the SQLite file.
public struct SQLiteShoppingList: ShoppingList {
    let store: SQLiteStore

    @discardableResult
    public func add(_ items: [NewShoppingListItem], at date: Date = Date()) throws -> Int {
        for item in items {
            try StoreValidation.requireText(item.name, field: "shopping list item name")
        }
        return try store.write { db in
            var added = 0
            for item in items {
                if var line = try ShoppingListItem.filter(Column("name") == item.name).fetchOne(db) {
                    line.merge(item)
                    try line.update(db)
                } else {
                    var line = ShoppingListItem(name: item.name, amount: item.amount, recipeID: item.recipeID,
                                                recipeTitle: item.recipeTitle, createdAt: date)
                    try line.insert(db)
                    added += 1
                }
            }
            return added
        }
    }

    @discardableResult
    public func toggleChecked(id: Int64) throws -> Bool? {
        try store.write { db in
            try db.execute(sql: "UPDATE shoppingListItem SET isChecked = NOT isChecked WHERE id = ?",
                           arguments: [id])
            return try ShoppingListItem.select(Column("isChecked"), as: Bool.self).filter(key: id).fetchOne(db)
        }
    }

    @discardableResult
    public func remove(id: Int64) throws -> Bool {
        try store.write { db in try ShoppingListItem.deleteOne(db, key: id) }
    }

    @discardableResult
    public func clearChecked() throws -> Int {
        try store.write { db in try ShoppingListItem.filter(Column("isChecked") == true).deleteAll(db) }
    }

    @discardableResult
    public func clearAll() throws -> Int {
        try store.write { db in try ShoppingListItem.deleteAll(db) }
    }

    public func list() throws -> [ShoppingListItem] {
        try store.read { db in
            try ShoppingListItem.order(Column("createdAt"), Column("id")).fetchAll(db)
        }
    }
}

extension ShoppingListItem {
    /// Folds a new need for the same ingredient into this line (see `ShoppingList.add`).
    mutating func merge(_ item: NewShoppingListItem) {
        if let newAmount = item.amount, !newAmount.isEmpty {
            if let amount, !amount.isEmpty {
                if amount != newAmount {
                    self.amount = amount + " + " + newAmount
                }
            } else {
                amount = newAmount
            }
        }
        if recipeID == nil && recipeTitle == nil {
            recipeID = item.recipeID
            recipeTitle = item.recipeTitle
        }
        isChecked = false
    }
}
