// RecognitionHistory: the Object Recognizer's history of accepted captures — add, list
// newest first without image bytes, the latest one, the photo and thumbnail of one, delete one
// or all, and grouping by broad category.
// Both stores (SQLiteStore, PostgresStore) keep these rules; the contract suite in
// Tests/SightlineStoreTests/Contract checks them on both.
public import Foundation

/// The Object Recognizer's history. Lists are newest first (by `createdAt`, then by id for
/// captures saved in the same instant).
public protocol RecognitionHistory: Sendable {
    /// Saves `capture` as a new entry (any id it carries is ignored) and returns it with its
    /// new id.
    ///
    /// - Throws: `StoreError.invalidValue` for an empty label or category, a confidence outside
    ///   0…1, a negative class index or face count, or empty image bytes.
    @discardableResult
    func add(_ capture: RecognitionCapture) async throws -> RecognitionCapture

    /// Saved captures newest first, `limit` at most after skipping `offset`, optionally only
    /// those of one category. Image bytes are not read.
    func list(limit: Int, offset: Int, categoryID: String?) async throws
        -> [RecognitionCaptureSummary]

    /// The most recent capture (its thumbnail is the history's thumbnail), or nil when the
    /// history is empty.
    func latest() async throws -> RecognitionCaptureSummary?

    /// One capture without its image bytes, or nil when there is none with this id.
    func entry(id: Int64) async throws -> RecognitionCaptureSummary?

    /// The annotated photo (JPEG) of a capture, or nil when there is none with this id.
    func image(id: Int64) async throws -> Data?

    /// The thumbnail (JPEG) of a capture, or nil when there is none with this id.
    func thumbnail(id: Int64) async throws -> Data?

    /// How many captures there are.
    func count() async throws -> Int

    /// The number of captures per category id; categories without captures are absent.
    func countsByCategory() async throws -> [String: Int]

    /// Deletes one capture and its image bytes (SQLite also overwrites them in the file).
    /// Returns false when there was none with this id.
    @discardableResult
    func delete(id: Int64) async throws -> Bool

    /// Deletes every capture and its image bytes; returns how many there were.
    @discardableResult
    func deleteAll() async throws -> Int
}
