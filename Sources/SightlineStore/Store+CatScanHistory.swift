// Store+CatScanHistory: the Cat Scanner's history — add a scan, list newest first without
// photo bytes, fetch one, its photo and thumbnail, delete one or all.
public import Foundation
import GRDB

extension Store {
    /// The Cat Scanner's saved scans.
    public var catScanHistory: CatScanHistory { CatScanHistory(store: self) }
}

/// The Cat Scanner's history. Lists are newest first (by `createdAt`, then by id).
public struct CatScanHistory: Sendable {
    let store: Store

    /// Saves `scan` as a new entry (any id it carries is ignored) and returns it with its new
    /// id.
    ///
    /// - Throws: `StoreError.invalidValue` for a confidence outside 0…1, an empty message or
    ///   breed name, or empty photo bytes.
    @discardableResult
    public func add(_ scan: CatScan) throws -> CatScan {
        try scan.validate()
        var saved = scan
        saved.id = nil
        return try store.write { db in
            try saved.insert(db)
            return saved
        }
    }

    /// Saved scans newest first, `limit` at most after skipping `offset`. Photos are not read.
    public func list(limit: Int = 50, offset: Int = 0) throws -> [CatScanSummary] {
        try StoreValidation.requirePage(limit: limit, offset: offset)
        return try store.read { db in
            try CatScanSummary
                .order(Column("createdAt").desc, Column("id").desc)
                .limit(limit, offset: offset)
                .fetchAll(db)
        }
    }

    /// One scan without its photo, or nil when there is none with this id.
    public func entry(id: Int64) throws -> CatScanSummary? {
        try store.read { db in try CatScanSummary.fetchOne(db, key: id) }
    }

    /// The photo of a scan, or nil when there is none with this id.
    public func photo(id: Int64) throws -> Data? {
        try blob("photo", id: id)
    }

    /// The thumbnail of a scan, or nil when there is none with this id.
    public func thumbnail(id: Int64) throws -> Data? {
        try blob("thumbnail", id: id)
    }

    /// How many scans there are.
    public func count() throws -> Int {
        try store.read { db in try CatScan.fetchCount(db) }
    }

    /// Deletes one scan and its photo bytes from the file. Returns false when there was none
    /// with this id.
    @discardableResult
    public func delete(id: Int64) throws -> Bool {
        try store.writeAndTruncateLog { db in try CatScan.deleteOne(db, key: id) }
    }

    /// Deletes every scan and its photo bytes from the file; returns how many there were.
    @discardableResult
    public func deleteAll() throws -> Int {
        try store.writeAndTruncateLog { db in try CatScan.deleteAll(db) }
    }

    private func blob(_ column: String, id: Int64) throws -> Data? {
        try store.read { db in
            try CatScan.select(Column(column), as: Data.self).filter(key: id).fetchOne(db)
        }
    }
}
