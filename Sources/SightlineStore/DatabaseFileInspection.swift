// DatabaseFileInspection: the check an existing database file must pass before the store
// opens it for writing — it is an SQLite database, `PRAGMA quick_check` finds no damage, and
// its schema is not newer than this build. It reads through a read-only connection, because
// opening for writing already changes the file (WAL mode is recorded in its header) and a
// file that fails must stay exactly as it was.
import Foundation
import GRDB

enum DatabaseFileInspection {
    /// The most problems `quick_check` reports that are quoted in the error.
    static let reportedProblemLimit = 3

    /// - Throws: `StoreError.corrupt`, `.newerVersion` or `.cannotOpen`; returns when the file
    ///   may be opened and migrated.
    static func check(path: String) throws {
        var configuration = Configuration()
        configuration.label = "Sightline.Store.inspection"
        configuration.readonly = true
        configuration.busyMode = .timeout(Store.busyTimeout)
        do {
            // GRDB reads the schema as soon as it connects, so a file that is not a database
            // fails here with SQLITE_NOTADB.
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.read { db in
                let problems = try String.fetchAll(db, sql: "PRAGMA quick_check(\(reportedProblemLimit))")
                guard problems == ["ok"] else {
                    throw StoreError.corrupt(
                        path: path,
                        reason: "PRAGMA quick_check found: " + problems.joined(separator: "; "))
                }
                try checkSchemaVersion(db, path: path)
            }
        } catch let error as DatabaseError
            where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT {
            throw StoreError.corrupt(path: path, reason: Store.describe(error))
        } catch let error as DatabaseError {
            throw StoreError.cannotOpen(path: path, reason: Store.describe(error))
        }
    }

    /// A file is newer when its `user_version` (set by every migration) is above this build's
    /// schema version, or when GRDB's `grdb_migrations` table lists a migration this build
    /// does not have — either would mean running this build's migrations on a schema it does
    /// not know.
    private static func checkSchemaVersion(_ db: Database, path: String) throws {
        let fileVersion = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        let migrator = StoreSchema.migrator
        let unknown = try migrator.appliedIdentifiers(db).subtracting(migrator.migrations).sorted()
        if fileVersion > StoreSchema.version || !unknown.isEmpty {
            throw StoreError.newerVersion(
                path: path, fileSchemaVersion: fileVersion,
                supportedSchemaVersion: StoreSchema.version, unknownMigrations: unknown)
        }
    }
}
