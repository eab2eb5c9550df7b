// SQLiteStore+Settings: Settings (see Settings.swift) in the SQLite file, through GRDB.
import Foundation
import GRDB

extension SQLiteStore {
    public var settings: SQLiteSettings { SQLiteSettings(store: self) }
}

/// Settings in the SQLite file.
public struct SQLiteSettings: Settings {
    let store: SQLiteStore

    public func value(for key: String) throws -> String? {
        try store.read { db in try Setting.fetchOne(db, key: key)?.value }
    }

    public func setValue(_ value: String, for key: String) throws {
        try StoreValidation.requireText(key, field: "setting key")
        try store.write { db in try Setting(key: key, value: value).upsert(db) }
    }

    @discardableResult
    public func removeValue(for key: String) throws -> Bool {
        try store.write { db in try Setting.deleteOne(db, key: key) }
    }

    public func all() throws -> [String: String] {
        try store.read { db in
            Dictionary(uniqueKeysWithValues: try Setting.fetchAll(db).map { ($0.key, $0.value) })
        }
    }
}
