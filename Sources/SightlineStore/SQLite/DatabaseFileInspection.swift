// DatabaseFileInspection: the check an existing database file must pass before the store
// opens it for writing — it is an SQLite database, `PRAGMA quick_check` finds no damage, and
// its schema is not newer than this build. A file that fails must stay exactly as it was, and so
// must its folder: opening for writing already changes the file (WAL mode is recorded in its
// header), and even a read-only connection to a WAL-mode file creates the `-wal` log and the
// `-shm` index beside it. So a file with no log or rollback journal beside it — everything it
// holds is in the file itself — is read as an immutable file, which SQLite opens without
// locks or side files.
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
        configuration.busyMode = .timeout(SQLiteStore.busyTimeout)
        do {
            // GRDB reads the schema as soon as it connects, so a file that is not a database
            // fails here with SQLITE_NOTADB.
            let queue = try DatabaseQueue(path: connectionPath(for: path), configuration: configuration)
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
            throw StoreError.corrupt(path: path, reason: SQLiteStore.describe(error))
        } catch let error as DatabaseError {
            throw StoreError.cannotOpen(path: path, reason: SQLiteStore.describe(error))
        }
    }

    /// The file's path, or — when no write-ahead log (`-wal`) or rollback journal (`-journal`)
    /// lies beside it, so no connection has it open for writing and no interrupted write needs
    /// them — its `file:` URI with `immutable=1`: SQLite then reads the file alone, creating no
    /// `-wal` or `-shm` file. A log or journal that exists is read as usual; its side files are
    /// there already. (Debian's SQLite, which Sightline links, interprets URI file names.)
    static func connectionPath(for path: String) -> String {
        let fileManager = FileManager.default
        guard !fileManager.fileExists(atPath: path + "-wal"), !fileManager.fileExists(atPath: path + "-journal") else {
            return path
        }
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/")
        let escaped = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return "file:\(escaped)?immutable=1"
    }

    /// A file is newer when its `user_version` (set by every migration) is above this build's
    /// schema version, or when GRDB's `grdb_migrations` table lists a migration this build
    /// does not have — either would mean running this build's migrations on a schema it does
    /// not know.
    private static func checkSchemaVersion(_ db: Database, path: String) throws {
        let fileVersion = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        let migrator = SQLiteSchema.migrator
        let unknown = try migrator.appliedIdentifiers(db).subtracting(migrator.migrations).sorted()
        if fileVersion > SQLiteSchema.version || !unknown.isEmpty {
            throw StoreError.newerVersion(
                path: path, fileSchemaVersion: fileVersion,
                supportedSchemaVersion: SQLiteSchema.version, unknownMigrations: unknown)
        }
    }
}
