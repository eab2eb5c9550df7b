// Store+RecognitionHistory: the Object Recognizer's history of accepted captures — add, list
// newest first without image bytes, the latest one, the photo and thumbnail of one, delete one
// or all, and grouping by broad category.
public import Foundation
import GRDB

extension Store {
    /// The Object Recognizer's saved captures.
    public var recognitionHistory: RecognitionHistory { RecognitionHistory(store: self) }
}

/// The Object Recognizer's history. Lists are newest first (by `createdAt`, then by id for
/// captures saved in the same instant).
public struct RecognitionHistory: Sendable {
    let store: Store

    /// Saves `capture` as a new entry (any id it carries is ignored) and returns it with its
    /// new id.
    ///
    /// - Throws: `StoreError.invalidValue` for an empty label or category, a confidence outside
    ///   0…1, a negative class index or face count, or empty image bytes.
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

    /// Saved captures newest first, `limit` at most after skipping `offset`, optionally only
    /// those of one category. Image bytes are not read.
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

    /// The most recent capture (its thumbnail is the history's thumbnail), or nil when the
    /// history is empty.
    public func latest() throws -> RecognitionCaptureSummary? {
        try list(limit: 1).first
    }

    /// One capture without its image bytes, or nil when there is none with this id.
    public func entry(id: Int64) throws -> RecognitionCaptureSummary? {
        try store.read { db in try RecognitionCaptureSummary.fetchOne(db, key: id) }
    }

    /// The annotated photo (JPEG) of a capture, or nil when there is none with this id.
    public func image(id: Int64) throws -> Data? {
        try blob("image", id: id)
    }

    /// The thumbnail (JPEG) of a capture, or nil when there is none with this id.
    public func thumbnail(id: Int64) throws -> Data? {
        try blob("thumbnail", id: id)
    }

    /// How many captures there are.
    public func count() throws -> Int {
        try store.read { db in try RecognitionCapture.fetchCount(db) }
    }

    /// The number of captures per category id; categories without captures are absent.
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

    /// Deletes one capture and its image bytes from the file. Returns false when there was
    /// none with this id.
    @discardableResult
    public func delete(id: Int64) throws -> Bool {
        try store.writeAndTruncateLog { db in try RecognitionCapture.deleteOne(db, key: id) }
    }

    /// Deletes every capture and its image bytes from the file; returns how many there were.
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
