// PostgresStore+RecognitionHistory: the PostgreSQL implementation of RecognitionHistory (see
// RecognitionHistory.swift).
public import Foundation
import PostgresNIO

/// The Object Recognizer's history in PostgreSQL.
public struct PostgresRecognitionHistory: RecognitionHistory {
    let store: PostgresStore

    @discardableResult
    public func add(_ capture: RecognitionCapture) async throws -> RecognitionCapture {
        try capture.validate()
        let rows = try await store.rows("""
            INSERT INTO recognition_capture (created_at, label, class_index, confidence, category_id, face_count, image, thumbnail)
            VALUES (\(capture.createdAt.timeIntervalSinceReferenceDate), \(capture.label), \(capture.classIndex),
                    \(capture.confidence), \(capture.categoryID), \(capture.faceCount), \(capture.image), \(capture.thumbnail))
            RETURNING id
            """)
        var saved = capture
        saved.id = try rows[0].decode(Int64.self)
        return saved
    }

    public func list(limit: Int = 50, offset: Int = 0, categoryID: String? = nil) async throws -> [RecognitionCaptureSummary] {
        try StoreValidation.requirePage(limit: limit, offset: offset)
        let rows: [PostgresRow]
        if let categoryID {
            rows = try await store.rows("""
                SELECT \(unescaped: Self.summaryColumns) FROM recognition_capture WHERE category_id = \(categoryID)
                ORDER BY created_at DESC, id DESC LIMIT \(limit) OFFSET \(offset)
                """)
        } else {
            rows = try await store.rows("""
                SELECT \(unescaped: Self.summaryColumns) FROM recognition_capture
                ORDER BY created_at DESC, id DESC LIMIT \(limit) OFFSET \(offset)
                """)
        }
        return try rows.map(Self.summary)
    }

    public func latest() async throws -> RecognitionCaptureSummary? {
        try await list(limit: 1).first
    }

    public func entry(id: Int64) async throws -> RecognitionCaptureSummary? {
        try await store.rows("SELECT \(unescaped: Self.summaryColumns) FROM recognition_capture WHERE id = \(id)")
            .first.map(Self.summary)
    }

    public func image(id: Int64) async throws -> Data? {
        try await store.rows("SELECT image FROM recognition_capture WHERE id = \(id)").first?.decode(Data.self)
    }

    public func thumbnail(id: Int64) async throws -> Data? {
        try await store.rows("SELECT thumbnail FROM recognition_capture WHERE id = \(id)").first?.decode(Data.self)
    }

    public func count() async throws -> Int {
        try await store.rows("SELECT count(*) FROM recognition_capture")[0].decode(Int.self)
    }

    public func countsByCategory() async throws -> [String: Int] {
        let rows = try await store.rows("SELECT category_id, count(*) FROM recognition_capture GROUP BY category_id")
        return Dictionary(uniqueKeysWithValues: try rows.map { try $0.decode((String, Int).self) })
    }

    @discardableResult
    public func delete(id: Int64) async throws -> Bool {
        try await !store.rows("DELETE FROM recognition_capture WHERE id = \(id) RETURNING id").isEmpty
    }

    @discardableResult
    public func deleteAll() async throws -> Int {
        try await store.rows("DELETE FROM recognition_capture RETURNING id").count
    }

    private static let summaryColumns = "id, created_at, label, class_index, confidence, category_id, face_count"

    private static func summary(_ row: PostgresRow) throws -> RecognitionCaptureSummary {
        let (id, createdAt, label, classIndex, confidence, categoryID, faceCount) =
            try row.decode((Int64, Double, String, Int, Double, String, Int?).self)
        return RecognitionCaptureSummary(id: id, createdAt: Date(timeIntervalSinceReferenceDate: createdAt), label: label,
                                         classIndex: classIndex, confidence: confidence, categoryID: categoryID,
                                         faceCount: faceCount)
    }
}
