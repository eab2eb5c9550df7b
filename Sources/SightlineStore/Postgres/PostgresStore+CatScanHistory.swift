// PostgresStore+CatScanHistory: the PostgreSQL implementation of CatScanHistory (see
// CatScanHistory.swift). The breeds are a jsonb array in the scan's row, as in SQLite.
public import Foundation
import PostgresNIO

/// The Cat Scanner's history in PostgreSQL.
public struct PostgresCatScanHistory: CatScanHistory {
    let store: PostgresStore

    @discardableResult
    public func add(_ scan: CatScan) async throws -> CatScan {
        try scan.validate()
        let breeds = String(decoding: try JSONEncoder().encode(scan.breeds), as: UTF8.self)
        let rows = try await store.rows("""
            INSERT INTO cat_scan (created_at, is_cat, cat_confidence, message, breeds, photo, thumbnail)
            VALUES (\(scan.createdAt.timeIntervalSinceReferenceDate), \(scan.isCat), \(scan.catConfidence), \(scan.message),
                    \(breeds)::jsonb, \(scan.photo), \(scan.thumbnail))
            RETURNING id
            """)
        var saved = scan
        saved.id = try rows[0].decode(Int64.self)
        return saved
    }

    public func list(limit: Int, offset: Int) async throws -> [CatScanSummary] {
        try StoreValidation.requirePage(limit: limit, offset: offset)
        return try await store.rows("""
            SELECT \(unescaped: Self.summaryColumns) FROM cat_scan ORDER BY created_at DESC, id DESC LIMIT \(limit) OFFSET \(offset)
            """).map(Self.summary)
    }

    public func entry(id: Int64) async throws -> CatScanSummary? {
        try await store.rows("SELECT \(unescaped: Self.summaryColumns) FROM cat_scan WHERE id = \(id)").first.map(Self.summary)
    }

    public func photo(id: Int64) async throws -> Data? {
        try await store.rows("SELECT photo FROM cat_scan WHERE id = \(id)").first?.decode(Data.self)
    }

    public func thumbnail(id: Int64) async throws -> Data? {
        try await store.rows("SELECT thumbnail FROM cat_scan WHERE id = \(id)").first?.decode(Data.self)
    }

    public func count() async throws -> Int {
        try await store.rows("SELECT count(*) FROM cat_scan")[0].decode(Int.self)
    }

    @discardableResult
    public func delete(id: Int64) async throws -> Bool {
        try await !store.rows("DELETE FROM cat_scan WHERE id = \(id) RETURNING id").isEmpty
    }

    @discardableResult
    public func deleteAll() async throws -> Int {
        try await store.rows("DELETE FROM cat_scan RETURNING id").count
    }

    private static let summaryColumns = "id, created_at, is_cat, cat_confidence, message, breeds::text"

    private static func summary(_ row: PostgresRow) throws -> CatScanSummary {
        let (id, createdAt, isCat, confidence, message, breeds) = try row.decode((Int64, Double, Bool, Double, String, String).self)
        return CatScanSummary(id: id, createdAt: Date(timeIntervalSinceReferenceDate: createdAt), isCat: isCat,
                              catConfidence: confidence, message: message,
                              breeds: try JSONDecoder().decode([CatBreedMatch].self, from: Data(breeds.utf8)))
    }
}
