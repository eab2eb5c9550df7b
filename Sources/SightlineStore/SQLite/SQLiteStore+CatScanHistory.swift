// SQLiteStore+CatScanHistory: CatScanHistory (see CatScanHistory.swift) in the SQLite file, through GRDB.
// The breeds are a JSON array in the scan's row.
public import Foundation
import GRDB

extension SQLiteStore {
    public var catScanHistory: SQLiteCatScanHistory { SQLiteCatScanHistory(store: self) }
}

/// CatScanHistory in the SQLite file.
public struct SQLiteCatScanHistory: CatScanHistory {
    let store: SQLiteStore

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

    public func list(limit: Int = 50, offset: Int = 0) throws -> [CatScanSummary] {
        try StoreValidation.requirePage(limit: limit, offset: offset)
        return try store.read { db in
            try CatScanSummary
                .order(Column("createdAt").desc, Column("id").desc)
                .limit(limit, offset: offset)
                .fetchAll(db)
        }
    }

    public func entry(id: Int64) throws -> CatScanSummary? {
        try store.read { db in try CatScanSummary.fetchOne(db, key: id) }
    }

    public func photo(id: Int64) throws -> Data? {
        try blob("photo", id: id)
    }

    public func thumbnail(id: Int64) throws -> Data? {
        try blob("thumbnail", id: id)
    }

    public func count() throws -> Int {
        try store.read { db in try CatScan.fetchCount(db) }
    }

    @discardableResult
    public func delete(id: Int64) throws -> Bool {
        try store.writeAndTruncateLog { db in try CatScan.deleteOne(db, key: id) }
    }

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
