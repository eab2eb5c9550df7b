// Store+WasteTally: WasteGuard's opt-in tally of what it detected — counts per label only,
// never the analysed images. Whether the user opted in is a setting the Apps layer checks
// before incrementing.
import Foundation
import GRDB

extension Store {
    /// WasteGuard's opt-in counts per detected label.
    public var wasteTally: WasteTally { WasteTally(store: self) }
}

/// Counts per detected label.
public struct WasteTally: Sendable {
    let store: Store

    /// Adds one to the count of each label in `labels` (a label listed twice counts twice), in
    /// one transaction.
    ///
    /// - Throws: `StoreError.invalidValue` for an empty label (nothing is counted then).
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

    /// Every counted label, most frequent first (ties by label).
    public func counts() throws -> [WasteTallyEntry] {
        try store.read { db in
            try WasteTallyEntry.order(Column("count").desc, Column("label")).fetchAll(db)
        }
    }

    /// Forgets every count; returns how many labels had one.
    @discardableResult
    public func reset() throws -> Int {
        try store.write { db in try WasteTallyEntry.deleteAll(db) }
    }
}
