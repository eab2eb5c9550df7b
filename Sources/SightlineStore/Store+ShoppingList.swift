// Store+ShoppingList: the Kitchen app's shopping list — add many items at once merging those
// with the same name, tick items off, remove one, clear the ticked ones or everything, list.
public import Foundation
import GRDB

extension Store {
    /// The Kitchen app's shopping list.
    public var shoppingList: ShoppingList { ShoppingList(store: self) }
}

/// The Kitchen app's shopping list, in the order items were first added.
public struct ShoppingList: Sendable {
    let store: Store

    /// Adds `items` in one transaction and returns how many new lines it made.
    ///
    /// An item whose name is already on the list (or earlier in `items`) is merged into that
    /// line instead of making a second one: the line keeps its place; an amount it lacked is
    /// taken from the new item, and a different amount is appended ("200 g + 1 cup") since
    /// free-text amounts cannot be added up; a recipe it lacked is taken too; and a ticked line
    /// is unticked, because the ingredient is needed again.
    ///
    /// - Throws: `StoreError.invalidValue` for an empty name (nothing is added then).
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

    /// Ticks an item off, or unticks it; returns its new state, or nil when there is no item
    /// with this id.
    @discardableResult
    public func toggleChecked(id: Int64) throws -> Bool? {
        try store.write { db in
            try db.execute(sql: "UPDATE shoppingListItem SET isChecked = NOT isChecked WHERE id = ?",
                           arguments: [id])
            return try ShoppingListItem.select(Column("isChecked"), as: Bool.self).filter(key: id).fetchOne(db)
        }
    }

    /// Removes one item; returns false when there is none with this id.
    @discardableResult
    public func remove(id: Int64) throws -> Bool {
        try store.write { db in try ShoppingListItem.deleteOne(db, key: id) }
    }

    /// Removes the ticked items; returns how many.
    @discardableResult
    public func clearChecked() throws -> Int {
        try store.write { db in try ShoppingListItem.filter(Column("isChecked") == true).deleteAll(db) }
    }

    /// Removes every item; returns how many.
    @discardableResult
    public func clearAll() throws -> Int {
        try store.write { db in try ShoppingListItem.deleteAll(db) }
    }

    /// The list in the order items were first added.
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
