// CatScanHistory: the Cat Scanner's history — add a scan, list newest first without
// photo bytes, fetch one, its photo and thumbnail, delete one or all.
// Both stores (SQLiteStore, PostgresStore) keep these rules; the contract suite in
// Tests/SightlineStoreTests/Contract checks them on both.
public import Foundation

/// The Cat Scanner's history. Lists are newest first (by `createdAt`, then by id).
public protocol CatScanHistory: Sendable {
    /// Saves `scan` as a new entry (any id it carries is ignored) and returns it with its new
    /// id.
    ///
    /// - Throws: `StoreError.invalidValue` for a confidence outside 0…1, an empty message or
    ///   breed name, or empty photo bytes.
    @discardableResult
    func add(_ scan: CatScan) async throws -> CatScan

    /// Saved scans newest first, `limit` at most after skipping `offset`. Photos are not read.
    func list(limit: Int, offset: Int) async throws -> [CatScanSummary]

    /// One scan without its photo, or nil when there is none with this id.
    func entry(id: Int64) async throws -> CatScanSummary?

    /// The photo of a scan, or nil when there is none with this id.
    func photo(id: Int64) async throws -> Data?

    /// The thumbnail of a scan, or nil when there is none with this id.
    func thumbnail(id: Int64) async throws -> Data?

    /// How many scans there are.
    func count() async throws -> Int

    /// Deletes one scan and its photo bytes (SQLite also overwrites them in the file). Returns
    /// false when there was none with this id.
    @discardableResult
    func delete(id: Int64) async throws -> Bool

    /// Deletes every scan and its photo bytes; returns how many there were.
    @discardableResult
    func deleteAll() async throws -> Int
}
