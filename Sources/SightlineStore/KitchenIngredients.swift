// KitchenIngredients: the Kitchen app's ingredient list — add (duplicates ignored, as
// the original app did), remove, clear, list newest on top.
// Both stores (SQLiteStore, PostgresStore) keep these rules; the contract suite in
// Tests/SightlineStoreTests/Contract checks them on both.
public import Foundation

/// The Kitchen app's ingredient list: unique names, newest on top. Names arrive normalised;
/// the store compares them exactly.
public protocol KitchenIngredients: Sendable {
    /// Adds `name` on top of the list and returns true, or returns false when it is already on
    /// the list. A duplicate is ignored and keeps its place, as in the original app: re-adding
    /// "egg" does not reorder the list the user is looking at.
    ///
    /// - Throws: `StoreError.invalidValue` for an empty name.
    @discardableResult
    func add(_ name: String, at date: Date) async throws -> Bool

    /// Removes `name`; returns false when it was not on the list.
    @discardableResult
    func remove(_ name: String) async throws -> Bool

    /// Empties the list; returns how many ingredients were on it.
    @discardableResult
    func clear() async throws -> Int

    /// The list, newest first (ties by id, newest first).
    func list() async throws -> [KitchenIngredient]
}
