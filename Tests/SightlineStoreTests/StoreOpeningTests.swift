// StoreOpeningTests: opening creates the folder and file privately, configures the connection
// for durability and privacy (WAL, synchronous FULL, foreign keys, busy timeout, secure
// delete), migrations build the expected schema, and reopening keeps the data.
import Foundation
import GRDB
@testable import SightlineStore
import XCTest

final class StoreOpeningTests: StoreTestCase {
    func testCreatesTheFolderAndAnOwnerOnlyDatabaseFile() throws {
        let nested = directory.appendingPathComponent("a/b", isDirectory: true)
        let store = try SQLiteStore(directory: nested)
        XCTAssertEqual(store.fileURL.path, nested.appendingPathComponent("sightline.sqlite").path)
        let fileMode = try FileManager.default.attributesOfItem(atPath: store.fileURL.path)[.posixPermissions] as? Int
        XCTAssertEqual(fileMode, 0o600)
        let folderMode = try FileManager.default.attributesOfItem(atPath: nested.path)[.posixPermissions] as? Int
        XCTAssertEqual(folderMode, 0o700)
    }

    func testWriterConnectionIsDurableAndPrivate() throws {
        let store = try openStore()
        try store.database.writeWithoutTransaction { db in
            XCTAssertEqual(try String.fetchOne(db, sql: "PRAGMA journal_mode"), "wal")
            // 2 = FULL: every commit syncs the log.
            XCTAssertEqual(try Int.fetchOne(db, sql: "PRAGMA synchronous"), 2)
            XCTAssertEqual(try Int.fetchOne(db, sql: "PRAGMA foreign_keys"), 1)
            XCTAssertEqual(try Int.fetchOne(db, sql: "PRAGMA secure_delete"), 1)
            XCTAssertEqual(try Int.fetchOne(db, sql: "PRAGMA busy_timeout"), 5_000)
        }
        try store.database.read { db in
            XCTAssertEqual(try Int.fetchOne(db, sql: "PRAGMA secure_delete"), 1)
        }
    }

    func testMigrationsCreateTheExpectedSchema() throws {
        let store = try openStore()
        try store.database.read { db in
            let tables = try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name
                """)
            XCTAssertEqual(tables, ["accessToken", "catScan", "consent", "favourite", "grdb_migrations",
                                    "indexedLabel", "indexedPhoto", "indexedPhotoFeature", "indexedPhotoLabel",
                                    "kitchenIngredient", "recognitionCapture", "setting",
                                    "shoppingListItem", "wasteTally"])
            XCTAssertEqual(try db.columns(in: "recognitionCapture").map(\.name),
                           ["id", "createdAt", "label", "classIndex", "confidence", "categoryID",
                            "faceCount", "image", "thumbnail"])
            XCTAssertEqual(try db.columns(in: "catScan").map(\.name),
                           ["id", "createdAt", "isCat", "catConfidence", "message", "breeds", "photo", "thumbnail"])
            XCTAssertEqual(try db.columns(in: "accessToken").map(\.name),
                           ["id", "name", "tokenHash", "createdAt", "lastUsedAt", "revokedAt"])
            XCTAssertEqual(try db.primaryKey("consent").columns, ["app", "document"])
            XCTAssertTrue(try db.table("favourite", hasUniqueKey: ["kind", "key"]))
            XCTAssertTrue(try db.table("kitchenIngredient", hasUniqueKey: ["name"]))
            XCTAssertTrue(try db.table("shoppingListItem", hasUniqueKey: ["name"]))
            XCTAssertTrue(try db.table("accessToken", hasUniqueKey: ["tokenHash"]))
            XCTAssertTrue(try db.table("indexedPhoto", hasUniqueKey: ["path"]))
            XCTAssertEqual(try db.primaryKey("indexedPhotoLabel").columns, ["photoID", "rank"])
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid"),
                           SQLiteSchema.migrator.migrations)
            XCTAssertEqual(try Int.fetchOne(db, sql: "PRAGMA user_version"), SQLiteSchema.version)
        }
        XCTAssertEqual(SQLiteSchema.version, 11)
    }

    func testTablesRefuseValuesOutsideTheirRules() throws {
        let store = try openStore()
        // The Swift checks come first, but the tables hold the same rules for anything else
        // that writes to the file.
        try store.database.write { db in
            XCTAssertThrowsError(try db.execute(sql: """
                INSERT INTO recognitionCapture (createdAt, label, classIndex, confidence, categoryID, image, thumbnail)
                VALUES (0, 'x', 1, 1.5, 'c', x'00', x'00')
                """))
            XCTAssertThrowsError(try db.execute(sql: "INSERT INTO favourite (kind, key, createdAt) VALUES ('song', 'x', 0)"))
            XCTAssertThrowsError(try db.execute(sql: "INSERT INTO accessToken (name, tokenHash, createdAt) VALUES ('t', x'0011', 0)"))
            XCTAssertThrowsError(try db.execute(sql: """
                INSERT INTO catScan (createdAt, isCat, catConfidence, message, breeds, photo, thumbnail)
                VALUES (0, 1, 0.5, 'm', 'not json', x'00', x'00')
                """))
        }
    }

    func testReopeningKeepsTheData() throws {
        let date = Date(timeIntervalSinceReferenceDate: 789_012_345.678_901)
        var capture = sampleCapture(createdAt: date)
        do {
            let store = try openStore()
            capture = try store.recognitionHistory.add(capture)
            try store.kitchenIngredients.add("egg")
            try store.settings.setValue("de", for: "language")
            try store.close()
        }
        let reopened = try openStore()
        XCTAssertEqual(try reopened.recognitionHistory.list().map(\.id), [capture.id!])
        XCTAssertEqual(try reopened.recognitionHistory.entry(id: capture.id!)?.createdAt, date)
        XCTAssertEqual(try reopened.recognitionHistory.image(id: capture.id!), capture.image)
        XCTAssertEqual(try reopened.kitchenIngredients.list().map(\.name), ["egg"])
        XCTAssertEqual(try reopened.settings.value(for: "language"), "de")
        try reopened.database.read { db in
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM grdb_migrations"), SQLiteSchema.version)
        }
    }

    func testClosingFoldsTheLogIntoTheFileAndRemovesTheSideFiles() throws {
        let store = try openStore()
        try store.kitchenIngredients.add("egg")
        // A read opens one of the pool's read-only connections next to its writer.
        XCTAssertEqual(try store.kitchenIngredients.list().map(\.name), ["egg"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: logURL.path))
        try store.close()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(), [SQLiteStore.fileName])
        XCTAssertEqual(try openStore().kitchenIngredients.list().map(\.name), ["egg"])
    }

    func testAClosedStoreReportsAFailureInsteadOfCrashing() throws {
        let store = try openStore()
        try store.close()
        XCTAssertThrowsError(try store.kitchenIngredients.list()) { error in
            guard case .databaseFailure(let path, _)? = error as? StoreError else {
                return XCTFail("unexpected error \(error)")
            }
            XCTAssertEqual(path, store.fileURL.path)
        }
    }

    func testDefaultDirectoryFollowsSightlineHome() {
        XCTAssertEqual(SQLiteStore.defaultDirectory(environment: ["SIGHTLINE_HOME": "/data/sl", "HOME": "/home/u"]).path,
                       "/data/sl")
        XCTAssertEqual(SQLiteStore.defaultDirectory(environment: ["SIGHTLINE_HOME": "", "HOME": "/home/u"]).path,
                       "/home/u/.local/share/sightline")
        XCTAssertEqual(SQLiteStore.defaultDirectory(environment: ["HOME": "/home/u"]).path,
                       "/home/u/.local/share/sightline")
    }

    func testAFileWhereTheFolderShouldBeIsReported() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let blocker = directory.appendingPathComponent("blocker")
        try Data("not a folder".utf8).write(to: blocker)
        XCTAssertThrowsError(try SQLiteStore(directory: blocker)) { error in
            guard case .cannotOpen? = error as? StoreError else { return XCTFail("unexpected error \(error)") }
        }
    }
}
