// Favourites: favourite breeds and recipes — add (idempotent), remove, list one kind
// newest first, and ask whether something is a favourite.
// Both stores (SQLiteStore, PostgresStore) keep these rules; the contract suite in
// Tests/SightlineStoreTests/Contract checks them on both.
public import Foundation

/// Favourite breeds and recipes, unique per kind and key.
public protocol Favourites: Sendable {
    /// Marks `key` as a favourite of `kind`. Adding one that is already a favourite changes
    /// nothing (it keeps its place in the list) and returns false; returns true when it is new.
    ///
    /// - Throws: `StoreError.invalidValue` for an empty key.
    @discardableResult
    func add(kind: FavouriteKind, key: String, at date: Date) async throws -> Bool

    /// Removes a favourite; returns false when it was not one.
    @discardableResult
    func remove(kind: FavouriteKind, key: String) async throws -> Bool

    /// The favourites of one kind, newest first (ties by id, newest first).
    func list(kind: FavouriteKind) async throws -> [Favourite]

    /// Whether `key` is a favourite of `kind`.
    func isFavourite(kind: FavouriteKind, key: String) async throws -> Bool
}
