// SQLiteSchema: the database schema as an ordered list of named GRDB migrations. A migration
// is never edited once released — a change to the schema is a new migration appended at the
// end — so every database, however old, reaches the same schema by applying the ones it lacks.
import Foundation
import GRDB

enum SQLiteSchema {
    /// One step of the schema's history.
    private struct Step: Sendable {
        let identifier: String
        let migrate: @Sendable (Database) throws -> Void
    }

    /// The schema's history, oldest first. Dates are REAL columns (seconds since 2001-01-01
    /// UTC); `id` columns use AUTOINCREMENT so that the id of a deleted entry is never given to
    /// a new one (a web page still showing a deleted capture must not open someone else's).
    private static let steps: [Step] = [
        Step(identifier: "createRecognitionCapture") { db in
            // Image columns come last: a row's leading columns are read without touching the
            // pages that hold its blobs, so listing summaries stays cheap.
            try db.create(table: "recognitionCapture") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("createdAt", .double).notNull().indexed()
                t.column("label", .text).notNull()
                t.column("classIndex", .integer).notNull().check { $0 >= 0 }
                t.column("confidence", .double).notNull().check { $0 >= 0 && $0 <= 1 }
                t.column("categoryID", .text).notNull()
                t.column("faceCount", .integer).check { $0 >= 0 }
                t.column("image", .blob).notNull()
                t.column("thumbnail", .blob).notNull()
            }
            try db.create(indexOn: "recognitionCapture", columns: ["categoryID", "createdAt"])
        },
        Step(identifier: "createCatScan") { db in
            // The top breeds are a JSON array in the scan's row rather than a child table: they
            // are always written and read together with their scan, never on their own, a
            // handful at most, and one row keeps saving and deleting a scan a single-row
            // operation. SQLite's json_each still answers questions such as "how often was
            // this breed seen".
            try db.create(table: "catScan") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("createdAt", .double).notNull().indexed()
                t.column("isCat", .boolean).notNull()
                t.column("catConfidence", .double).notNull().check { $0 >= 0 && $0 <= 1 }
                t.column("message", .text).notNull()
                t.column("breeds", .jsonText).notNull().check(sql: "json_valid(breeds)")
                t.column("photo", .blob).notNull()
                t.column("thumbnail", .blob).notNull()
            }
        },
        Step(identifier: "createFavourite") { db in
            try db.create(table: "favourite") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("kind", .text).notNull().check(sql: "kind IN ('breed', 'recipe')")
                t.column("key", .text).notNull().check { length($0) > 0 }
                t.column("createdAt", .double).notNull()
                t.uniqueKey(["kind", "key"])
            }
        },
        Step(identifier: "createKitchenIngredient") { db in
            try db.create(table: "kitchenIngredient") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull().unique().check { length($0) > 0 }
                t.column("addedAt", .double).notNull()
            }
        },
        Step(identifier: "createShoppingListItem") { db in
            try db.create(table: "shoppingListItem") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull().unique().check { length($0) > 0 }
                t.column("amount", .text)
                t.column("recipeID", .text)
                t.column("recipeTitle", .text)
                t.column("isChecked", .boolean).notNull().defaults(to: false)
                t.column("createdAt", .double).notNull()
            }
        },
        Step(identifier: "createConsent") { db in
            try db.create(table: "consent") { t in
                t.column("app", .text).notNull().check { length($0) > 0 }
                t.column("document", .text).notNull().check { length($0) > 0 }
                t.column("version", .text).notNull().check { length($0) > 0 }
                t.column("acceptedAt", .double).notNull()
                t.primaryKey(["app", "document"])
            }
        },
        Step(identifier: "createSetting") { db in
            try db.create(table: "setting") { t in
                t.primaryKey("key", .text).check { length($0) > 0 }
                t.column("value", .text).notNull()
            }
        },
        Step(identifier: "createWasteTally") { db in
            // Counts per label and nothing else: WasteGuard never stores what it analysed.
            try db.create(table: "wasteTally") { t in
                t.primaryKey("label", .text).check { length($0) > 0 }
                t.column("count", .integer).notNull().check { $0 >= 0 }
            }
        },
        Step(identifier: "createAccessToken") { db in
            // Only the SHA-256 hash of a token is stored: a copy of this file does not let
            // anyone in.
            try db.create(table: "accessToken") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("tokenHash", .blob).notNull().unique().check { length($0) == 32 }
                t.column("createdAt", .double).notNull()
                t.column("lastUsedAt", .double)
                t.column("revokedAt", .double)
            }
        },
        Step(identifier: "createPhotoIndex") { db in
            // The photo library's index: one row per photo file, which is also its job. A worker
            // leases a batch (state "leased", its name, until when) and records each photo's
            // findings only while it still holds the lease; a lease that runs out (a worker
            // killed) makes the photo claimable again.
            try db.create(table: "indexedPhoto") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("path", .text).notNull().unique().check { length($0) > 0 }
                t.column("size", .integer).notNull().check { $0 >= 0 }
                t.column("modifiedAt", .double).notNull()
                t.column("contentHash", .blob).notNull().check { length($0) == 32 }
                t.column("state", .text).notNull().defaults(to: "pending")
                    .check { ["pending", "leased", "done", "failed"].contains($0) }
                t.column("leaseOwner", .text)
                t.column("leaseExpiresAt", .double)
                t.column("attempts", .integer).notNull().defaults(to: 0)
                t.column("failure", .text)
                t.column("faceCount", .integer).check { $0 >= 0 }
                t.column("addedAt", .double).notNull()
                t.column("doneAt", .double)
            }
            try db.create(indexOn: "indexedPhoto", columns: ["state", "leaseExpiresAt"])
            try db.create(indexOn: "indexedPhoto", columns: ["doneAt"])
            try db.create(table: "indexedPhotoLabel") { t in
                t.column("photoID", .integer).notNull().references("indexedPhoto", onDelete: .cascade)
                t.column("rank", .integer).notNull().check { $0 >= 0 }
                t.column("label", .text).notNull().check { length($0) > 0 }
                t.column("category", .text)
                t.column("confidence", .double).notNull().check { $0 >= 0 && $0 <= 1 }
                t.primaryKey(["photoID", "rank"])
            }
            try db.execute(sql: "CREATE INDEX indexedPhotoLabel_on_label ON indexedPhotoLabel (label COLLATE NOCASE)")
            try db.create(indexOn: "indexedPhotoLabel", columns: ["category"])
            try db.create(table: "indexedPhotoFeature") { t in
                t.primaryKey("photoID", .integer).references("indexedPhoto", onDelete: .cascade)
                t.column("model", .text).notNull()
                t.column("vector", .blob).notNull().check { length($0) > 0 }
            }
        },
        Step(identifier: "createIndexedLabel") { db in
            // The distinct labels the index has seen, with their category: a search matches its
            // text against these (a thousand rows for ImageNet) and then finds the photos through
            // the index on the exact label, rather than matching the text against every label of
            // every photo (five per photo).
            try db.create(table: "indexedLabel") { t in
                t.primaryKey("label", .text).check { length($0) > 0 }
                t.column("category", .text)
            }
            try db.execute(sql: "INSERT INTO indexedLabel (label, category) SELECT label, min(category) FROM indexedPhotoLabel GROUP BY label")
            try db.execute(sql: "DROP INDEX indexedPhotoLabel_on_label")
            // Covering: a search reads the matching labels' photos, ranks and confidences from
            // the index alone.
            try db.create(indexOn: "indexedPhotoLabel", columns: ["label", "photoID", "rank", "confidence"])
        },
    ]

    /// The schema version this build writes and understands: the number of migrations. Each
    /// migration also stores its position in `PRAGMA user_version`, in the same transaction, so
    /// any SQLite tool can read how far a file has been migrated.
    static let version = steps.count

    /// The migrator applying `steps` in order, each in its own transaction.
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        for (index, step) in steps.enumerated() {
            let schemaVersion = index + 1
            migrator.registerMigration(step.identifier) { db in
                try step.migrate(db)
                try db.execute(sql: "PRAGMA user_version = \(schemaVersion)")
            }
        }
        return migrator
    }()
}
