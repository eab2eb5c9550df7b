// PostgresStore+Settings: the PostgreSQL implementation of Settings (see Settings.swift).
import Foundation
import PostgresNIO

/// User preferences in PostgreSQL.
public struct PostgresSettings: Settings {
    let store: PostgresStore

    public func value(for key: String) async throws -> String? {
        try await store.rows("SELECT value FROM setting WHERE key = \(key)").first?.decode(String.self)
    }

    public func setValue(_ value: String, for key: String) async throws {
        try StoreValidation.requireText(key, field: "setting key")
        _ = try await store.rows("""
            INSERT INTO setting (key, value) VALUES (\(key), \(value)) ON CONFLICT (key) DO UPDATE SET value = excluded.value
            """)
    }

    @discardableResult
    public func removeValue(for key: String) async throws -> Bool {
        try await !store.rows("DELETE FROM setting WHERE key = \(key) RETURNING key").isEmpty
    }

    public func all() async throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try await store.rows("SELECT key, value FROM setting").map {
            try $0.decode((String, String).self)
        })
    }
}
