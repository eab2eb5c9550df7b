// SQLiteStore+Favourites: Favourites (see Favourites.swift) in the SQLite file, through GRDB.
public import Foundation
import GRDB

extension SQLiteStore {
    public var favourites: SQLiteFavourites { SQLiteFavourites(store: self) }
}

/// Favourites in the SQLite file.
public struct SQLiteFavourites: Favourites {
    let store: SQLiteStore

    @discardableResult
    public func add(kind: FavouriteKind, key: String, at date: Date = Date()) throws -> Bool {
        try StoreValidation.requireText(key, field: "favourite key")
        return try store.write { db in
            var favourite = Favourite(kind: kind, key: key, createdAt: date)
            try favourite.insert(db, onConflict: .ignore)
            return db.changesCount > 0
        }
    }

    @discardableResult
    public func remove(kind: FavouriteKind, key: String) throws -> Bool {
        try store.write { db in
            try Favourite.filter(Column("kind") == kind.rawValue && Column("key") == key).deleteAll(db) > 0
        }
    }

    public func list(kind: FavouriteKind) throws -> [Favourite] {
        try store.read { db in
            try Favourite
                .filter(Column("kind") == kind.rawValue)
                .order(Column("createdAt").desc, Column("id").desc)
                .fetchAll(db)
        }
    }

    public func isFavourite(kind: FavouriteKind, key: String) throws -> Bool {
        try store.read { db in
            try Favourite.filter(Column("kind") == kind.rawValue && Column("key") == key).isEmpty(db) == false
        }
    }
}
