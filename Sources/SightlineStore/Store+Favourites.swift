// Store+Favourites: favourite breeds and recipes — add (idempotent), remove, list one kind
// newest first, and ask whether something is a favourite.
public import Foundation
import GRDB

extension Store {
    /// Favourite breeds and recipes.
    public var favourites: Favourites { Favourites(store: self) }
}

/// Favourite breeds and recipes, unique per kind and key.
public struct Favourites: Sendable {
    let store: Store

    /// Marks `key` as a favourite of `kind`. Adding one that is already a favourite changes
    /// nothing (it keeps its place in the list) and returns false; returns true when it is new.
    ///
    /// - Throws: `StoreError.invalidValue` for an empty key.
    @discardableResult
    public func add(kind: FavouriteKind, key: String, at date: Date = Date()) throws -> Bool {
        try StoreValidation.requireText(key, field: "favourite key")
        return try store.write { db in
            var favourite = Favourite(kind: kind, key: key, createdAt: date)
            try favourite.insert(db, onConflict: .ignore)
            return db.changesCount > 0
        }
    }

    /// Removes a favourite; returns false when it was not one.
    @discardableResult
    public func remove(kind: FavouriteKind, key: String) throws -> Bool {
        try store.write { db in
            try Favourite.filter(Column("kind") == kind.rawValue && Column("key") == key).deleteAll(db) > 0
        }
    }

    /// The favourites of one kind, newest first (ties by id, newest first).
    public func list(kind: FavouriteKind) throws -> [Favourite] {
        try store.read { db in
            try Favourite
                .filter(Column("kind") == kind.rawValue)
                .order(Column("createdAt").desc, Column("id").desc)
                .fetchAll(db)
        }
    }

    /// Whether `key` is a favourite of `kind`.
    public func isFavourite(kind: FavouriteKind, key: String) throws -> Bool {
        try store.read { db in
            try Favourite.filter(Column("kind") == kind.rawValue && Column("key") == key).isEmpty(db) == false
        }
    }
}
