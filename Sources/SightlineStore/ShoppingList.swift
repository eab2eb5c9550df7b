// ShoppingList: the Kitchen app's shopping list — add many items at once merging those
// with the same name, tick items off, remove one, clear the ticked ones or everything, list.
// Both stores (SQLiteStore, PostgresStore) keep these rules; the contract suite in
// Tests/SightlineStoreTests/Contract checks them on both.
public import Foundation

/// The Kitchen app's shopping list, in the order items were first added.
public protocol ShoppingList: Sendable {
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
    func add(_ items: [NewShoppingListItem], at date: Date) async throws -> Int

    /// Ticks an item off, or unticks it; returns its new state, or nil when there is no item
    /// with this id.
    @discardableResult
    func toggleChecked(id: Int64) async throws -> Bool?

    /// Removes one item; returns false when there is none with this id.
    @discardableResult
    func remove(id: Int64) async throws -> Bool

    /// Removes the ticked items; returns how many.
    @discardableResult
    func clearChecked() async throws -> Int

    /// Removes every item; returns how many.
    @discardableResult
    func clearAll() async throws -> Int

    /// The list in the order items were first added.
    func list() async throws -> [ShoppingListItem]
}
