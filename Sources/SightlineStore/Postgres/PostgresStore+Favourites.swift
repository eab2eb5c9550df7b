// PostgresStore+Favourites: the PostgreSQL implementation of Favourites (see Favourites.swift).
public import Foundation
import PostgresNIO

/// Favourite breeds and recipes in PostgreSQL.
public struct PostgresFavourites: Favourites {
    let store: PostgresStore

    @discardableResult
    public func add(kind: FavouriteKind, key: String, at date: Date = Date()) async throws -> Bool {
        try StoreValidation.requireText(key, field: "favourite key")
        return try await !store.rows("""
            INSERT INTO favourite (kind, key, created_at) VALUES (\(kind.rawValue), \(key), \(date.timeIntervalSinceReferenceDate))
            ON CONFLICT (kind, key) DO NOTHING RETURNING id
            """).isEmpty
    }

    @discardableResult
    public func remove(kind: FavouriteKind, key: String) async throws -> Bool {
        try await !store.rows("DELETE FROM favourite WHERE kind = \(kind.rawValue) AND key = \(key) RETURNING id").isEmpty
    }

    public func list(kind: FavouriteKind) async throws -> [Favourite] {
        try await store.rows("""
            SELECT id, key, created_at FROM favourite WHERE kind = \(kind.rawValue) ORDER BY created_at DESC, id DESC
            """).map { row in
            let (id, key, createdAt) = try row.decode((Int64, String, Double).self)
            return Favourite(id: id, kind: kind, key: key, createdAt: Date(timeIntervalSinceReferenceDate: createdAt))
        }
    }

    public func isFavourite(kind: FavouriteKind, key: String) async throws -> Bool {
        try await !store.rows("SELECT 1 FROM favourite WHERE kind = \(kind.rawValue) AND key = \(key)").isEmpty
    }
}
