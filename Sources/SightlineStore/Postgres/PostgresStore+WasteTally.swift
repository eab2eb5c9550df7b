// PostgresStore+WasteTally: the PostgreSQL implementation of WasteTally (see WasteTally.swift).
import Foundation
import PostgresNIO

/// WasteGuard's tally in PostgreSQL.
public struct PostgresWasteTally: WasteTally {
    let store: PostgresStore

    public func increment(_ labels: [String]) async throws {
        for label in labels {
            try StoreValidation.requireText(label, field: "tally label")
        }
        var additions: [String: Int] = [:]
        for label in labels {
            additions[label, default: 0] += 1
        }
        let sorted = additions.sorted { $0.key < $1.key }
        try await store.transaction { connection in
            for (label, count) in sorted {
                try await connection.query("""
                    INSERT INTO waste_tally (label, count) VALUES (\(label), \(count))
                    ON CONFLICT (label) DO UPDATE SET count = waste_tally.count + excluded.count
                    """, logger: store.logger)
            }
        }
    }

    public func counts() async throws -> [WasteTallyEntry] {
        try await store.rows(#"SELECT label, count FROM waste_tally ORDER BY count DESC, label COLLATE "C""#).map { row in
            let (label, count) = try row.decode((String, Int).self)
            return WasteTallyEntry(label: label, count: count)
        }
    }

    @discardableResult
    public func reset() async throws -> Int {
        try await store.rows("DELETE FROM waste_tally RETURNING label").count
    }
}
