// WasteTally: WasteGuard's opt-in tally of what it detected — counts per label only,
// never the analysed images. Whether the user opted in is a setting the Apps layer checks
// before incrementing.
// Both stores (SQLiteStore, PostgresStore) keep these rules; the contract suite in
// Tests/SightlineStoreTests/Contract checks them on both.
import Foundation

/// Counts per detected label.
public protocol WasteTally: Sendable {
    /// Adds one to the count of each label in `labels` (a label listed twice counts twice), in
    /// one transaction.
    ///
    /// - Throws: `StoreError.invalidValue` for an empty label (nothing is counted then).
    func increment(_ labels: [String]) async throws

    /// Every counted label, most frequent first (ties by label).
    func counts() async throws -> [WasteTallyEntry]

    /// Forgets every count; returns how many labels had one.
    @discardableResult
    func reset() async throws -> Int
}
