// SQLiteStore+RecognitionHistory: RecognitionHistory (see RecognitionHistory.swift) in the SQLite file, through GRDB.
// Deletions fold the write-ahead log into the file, so a deleted photo leaves no copy.
public import Foundation
import GRDB

extension SQLiteStore {
    public var recognitionHistory: SQLiteRecognitionHistory { SQLiteRecognitionHistory(store: self) }
}

/// RecognitionHistory in the SQLite file.
public struct SQLiteRecognitionHistory: RecognitionHistory {
    let store: SQLiteStore

    @discardableResult
    public func add(_ capture: RecognitionCapture) throws -> RecognitionCapture {
        try capture.validate()
        var saved = capture
        saved.id = nil
        return try store.write { db in
            try saved.insert(db)
            return saved
        }
    }

    public func list(limit: Int = 50, offset: Int = 0, categoryID: String? = nil) throws
        -> [RecognitionCaptureSummary]
    {
        try StoreValidation.requirePage(limit: limit, offset: offset)
        return try store.read { db in
            var request = RecognitionCaptureSummary.all()
            if let categoryID {
                request = request.filter(Column("categoryID") == categoryID)
            }
            return try request
                .order(Column("createdAt").desc, Column("id").desc)
                .limit(limit, offset: offset)
                .fetchAll(db)
        }
    }

    public func latest() throws -> RecognitionCaptureSummary? {
        try list(limit: 1).first
    }

    public func entry(id: Int64) throws -> RecognitionCaptureSummary? {
        try store.read { db in try RecognitionCaptureSummary.fetchOne(db, key: id) }
    }

    public func image(id: Int64) throws -> Data? {
        try blob("image", id: id)
    }

    public func thumbnail(id: Int64) throws -> Data? {
        try blob("thumbnail", id: id)
    }

    public func count() throws -> Int {
        try store.read { db in try RecognitionCapture.fetchCount(db) }
    }

    public func countsByCategory() throws -> [String: Int] {
        try store.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT categoryID, COUNT(*) AS count FROM recognitionCapture GROUP BY categoryID
                """)
            return Dictionary(uniqueKeysWithValues: rows.map { (row: Row) in
                (row["categoryID"] as String, row["count"] as Int)
            })
        }
    }

    @discardableResult
    public func delete(id: Int64) throws -> Bool {
        try store.writeAndTruncateLog { db in try RecognitionCapture.deleteOne(db, key: id) }
    }

    @discardableResult
    public func deleteAll() throws -> Int {
        try store.writeAndTruncateLog { db in try RecognitionCapture.deleteAll(db) }
    }

    private func blob(_ column: String, id: Int64) throws -> Data? {
        try store.read { db in
            try RecognitionCapture.select(Column(column), as: Data.self).filter(key: id).fetchOne(db)
        }
    }
}
