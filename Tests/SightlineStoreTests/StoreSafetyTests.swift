// StoreSafetyTests: a database file that is not SQLite, is damaged, or was written by a newer
// Sightline is refused with a message saying it was left untouched and how to move it aside —
// and it is byte for byte what it was before, with no SQLite side file (`-wal`, `-shm`) beside it.
import Foundation
import GRDB
@testable import SightlineStore
import XCTest

final class StoreSafetyTests: StoreTestCase {
    func testAFileThatIsNotADatabaseIsRefusedAndLeftUntouched() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let garbage = distinctiveBytes(count: 10_000, seed: 42)
        try garbage.write(to: databaseURL)

        XCTAssertThrowsError(try openStore()) { error in
            guard case .corrupt(let path, _)? = error as? StoreError else {
                return XCTFail("unexpected error \(error)")
            }
            XCTAssertEqual(path, databaseURL.path)
            let message = (error as? StoreError)?.description ?? ""
            XCTAssertTrue(message.contains("left untouched"), message)
            XCTAssertTrue(message.contains("mv '\(databaseURL.path)'"), message)
        }
        XCTAssertEqual(try bytes(of: databaseURL), garbage)
        try assertFolderHoldsOnlyTheDatabase()
    }

    func testADamagedDatabaseIsRefusedAndLeftUntouched() throws {
        do {
            let store = try openStore()
            for seed in 1...20 {
                try store.recognitionHistory.add(sampleCapture(seed: UInt64(seed), imageSize: 6_000))
            }
            try store.close()
        }
        var damaged = try bytes(of: databaseURL)
        let pageSize = 4_096
        XCTAssertGreaterThan(damaged.count, 10 * pageSize)
        // Overwrite the third page — a b-tree or overflow page of the history — with 0xFF.
        damaged.replaceSubrange(2 * pageSize ..< 3 * pageSize, with: Data(repeating: 0xFF, count: pageSize))
        try damaged.write(to: databaseURL)

        XCTAssertThrowsError(try openStore()) { error in
            guard case .corrupt? = error as? StoreError else { return XCTFail("unexpected error \(error)") }
        }
        XCTAssertEqual(try bytes(of: databaseURL), damaged)
        try assertFolderHoldsOnlyTheDatabase()
    }

    func testADatabaseWithAnUnknownMigrationIsRefusedAndLeftUntouched() throws {
        try openStore().close()
        do {
            let queue = try DatabaseQueue(path: databaseURL.path)
            try queue.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('createRecipeNotes')")
            }
            try queue.close()
        }
        let before = try bytes(of: databaseURL)

        XCTAssertThrowsError(try openStore()) { error in
            XCTAssertEqual(error as? StoreError, .newerVersion(
                path: databaseURL.path, fileSchemaVersion: SQLiteSchema.version,
                supportedSchemaVersion: SQLiteSchema.version, unknownMigrations: ["createRecipeNotes"]))
            let message = (error as? StoreError)?.description ?? ""
            XCTAssertTrue(message.contains("newer version of Sightline"), message)
            XCTAssertTrue(message.contains("left untouched"), message)
            XCTAssertTrue(message.contains("createRecipeNotes"), message)
        }
        XCTAssertEqual(try bytes(of: databaseURL), before)
        try assertFolderHoldsOnlyTheDatabase()
    }

    func testADatabaseWithAHigherUserVersionIsRefusedAndLeftUntouched() throws {
        try openStore().close()
        do {
            let queue = try DatabaseQueue(path: databaseURL.path)
            try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA user_version = 99") }
            try queue.close()
        }
        let before = try bytes(of: databaseURL)

        XCTAssertThrowsError(try openStore()) { error in
            XCTAssertEqual(error as? StoreError, .newerVersion(
                path: databaseURL.path, fileSchemaVersion: 99,
                supportedSchemaVersion: SQLiteSchema.version, unknownMigrations: []))
        }
        XCTAssertEqual(try bytes(of: databaseURL), before)
        try assertFolderHoldsOnlyTheDatabase()
    }

    func testARefusedDatabaseInAFolderWithAnAwkwardNameGetsNoSideFiles() throws {
        // The inspection opens the file through a `file:` URI; these characters must be escaped.
        directory = directory.appendingPathComponent("photos ?#% & more", isDirectory: true)
        try openStore().close()
        do {
            let queue = try DatabaseQueue(path: databaseURL.path)
            try queue.writeWithoutTransaction { db in
                XCTAssertEqual(try String.fetchOne(db, sql: "PRAGMA journal_mode"), "wal")
                try db.execute(sql: "PRAGMA user_version = 1000")
            }
            try queue.close()
        }
        try assertFolderHoldsOnlyTheDatabase()
        let before = try bytes(of: databaseURL)

        XCTAssertThrowsError(try openStore()) { error in
            guard case .newerVersion(_, 1000, _, _)? = error as? StoreError else {
                return XCTFail("unexpected error \(error)")
            }
        }
        XCTAssertEqual(try bytes(of: databaseURL), before)
        try assertFolderHoldsOnlyTheDatabase()
    }

    func testADatabaseWithItsLogBesideItIsInspectedWithTheLog() throws {
        // A killed server leaves its last commits in the log: the inspection must read them
        // (here: the schema version), so it opens the file as usual when a log is there.
        let store = try openStore()
        try store.kitchenIngredients.add("kale")
        try store.database.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA user_version = 500") }
        XCTAssertGreaterThan(try FileManager.default.attributesOfItem(atPath: logURL.path)[.size] as? Int ?? 0, 0)
        XCTAssertEqual(DatabaseFileInspection.connectionPath(for: databaseURL.path), databaseURL.path)
        XCTAssertThrowsError(try DatabaseFileInspection.check(path: databaseURL.path)) { error in
            guard case .newerVersion(_, 500, _, _)? = error as? StoreError else {
                return XCTFail("unexpected error \(error)")
            }
        }
        try store.close()
        XCTAssertTrue(DatabaseFileInspection.connectionPath(for: databaseURL.path).hasSuffix("?immutable=1"))
    }

    func testAnOlderDatabaseIsMigratedForward() throws {
        // A file made by a build that only had the first two migrations.
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        do {
            let queue = try DatabaseQueue(path: databaseURL.path)
            try SQLiteSchema.migrator.migrate(queue, upTo: "createCatScan")
            try queue.close()
        }
        let store = try openStore()
        try store.kitchenIngredients.add("onion")
        try store.database.read { db in
            XCTAssertEqual(try Int.fetchOne(db, sql: "PRAGMA user_version"), SQLiteSchema.version)
            XCTAssertTrue(try SQLiteSchema.migrator.hasCompletedMigrations(db))
        }
    }

    func testAnEmptyFileIsTreatedAsANewDatabase() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data().write(to: databaseURL)
        let store = try openStore()
        XCTAssertTrue(try store.kitchenIngredients.add("leek"))
    }

    /// The data directory holds the database file and nothing else.
    private func assertFolderHoldsOnlyTheDatabase(file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(), [SQLiteStore.fileName],
                       file: file, line: line)
    }
}
