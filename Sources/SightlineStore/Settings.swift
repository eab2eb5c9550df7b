// Settings: user preferences as key → text value — language, theme, municipality, the
// waste tally opt-in and whatever the Apps layer needs; it owns the key names and formats.
// Both stores (SQLiteStore, PostgresStore) keep these rules; the contract suite in
// Tests/SightlineStoreTests/Contract checks them on both.
import Foundation

/// User preferences, one text value per key.
public protocol Settings: Sendable {
    /// The value stored for `key`, or nil when it was never set (the caller's default applies).
    func value(for key: String) async throws -> String?

    /// Stores `value` for `key`, replacing any earlier value.
    ///
    /// - Throws: `StoreError.invalidValue` for an empty key.
    func setValue(_ value: String, for key: String) async throws

    /// Forgets the value of `key`; returns false when none was stored.
    @discardableResult
    func removeValue(for key: String) async throws -> Bool

    /// Every stored setting.
    func all() async throws -> [String: String]
}
