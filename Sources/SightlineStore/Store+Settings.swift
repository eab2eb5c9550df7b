// Store+Settings: user preferences as key → text value — language, theme, municipality, the
// waste tally opt-in and whatever the Apps layer needs; it owns the key names and formats.
import Foundation
import GRDB

extension Store {
    /// User preferences by key.
    public var settings: Settings { Settings(store: self) }
}

/// User preferences, one text value per key.
public struct Settings: Sendable {
    let store: Store

    /// The value stored for `key`, or nil when it was never set (the caller's default applies).
    public func value(for key: String) throws -> String? {
        try store.read { db in try Setting.fetchOne(db, key: key)?.value }
    }

    /// Stores `value` for `key`, replacing any earlier value.
    ///
    /// - Throws: `StoreError.invalidValue` for an empty key.
    public func setValue(_ value: String, for key: String) throws {
        try StoreValidation.requireText(key, field: "setting key")
        try store.write { db in try Setting(key: key, value: value).upsert(db) }
    }

    /// Forgets the value of `key`; returns false when none was stored.
    @discardableResult
    public func removeValue(for key: String) throws -> Bool {
        try store.write { db in try Setting.deleteOne(db, key: key) }
    }

    /// Every stored setting.
    public func all() throws -> [String: String] {
        try store.read { db in
            Dictionary(uniqueKeysWithValues: try Setting.fetchAll(db).map { ($0.key, $0.value) })
        }
    }
}
