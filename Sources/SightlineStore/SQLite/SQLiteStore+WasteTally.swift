// SQLiteStore+WasteTally: WasteTally (see WasteTally.swift) in the SQLite file, through GRDB.
import Foundation
import GRDB

extension SQLiteStore {
    public var wasteTally: SQLiteWasteTally { SQLiteWasteTally(store: self) }
}

/// WasteTally in the SQLite file.
public struct SQLiteWasteTally: WasteTally {
    let store: SQLiteStore

    public func increment(_ labels: [String]) throws {
        for label in labels {
            try StoreValidation.requireText(label, field: "tally label")
        }
        var additions: [String: Int] = [:]
        for label in labels {
            additions[label, default: 0] += 1
        }
        try store.write { db in
            for (label, count) in additions {
                try db.execute(
                    sql: """
                        INSERT INTO wasteTally (label, count) VALUES (?, ?)
                        ON CONFLICT (label) DO UPDATE SET count = count + excluded.count
                        """,
                    arguments: [label, count])
            }
        }
    }

    public func counts() throws -> [WasteTallyEntry] {
        try store.read { db in
            try WasteTallyEntry.order(Column("count").desc, Column("label")).fetchAll(db)
        }
    }

    @discardableResult
    public func reset() throws -> Int {
        try store.write { db in try WasteTallyEntry.deleteAll(db) }
    }
}
