// SQLiteStore: the embedded `Store` — all of Sightline's app data in one SQLite file,
// `sightline.sqlite` in the data directory, through GRDB. Opening checks an existing file
// read-only first and refuses, without modifying it, one that is damaged or was written by a
// newer Sightline; the connection settings favour durability and privacy over speed.
public import Foundation
import GRDB
import SightlineDataHome

/// Sightline's app data in one SQLite database.
///
/// A `SQLiteStore` may be used from many threads at once: it holds a GRDB `DatabasePool` (one
/// writer connection and several concurrent readers, in WAL mode). Several processes may open
/// the same file too — SQLite's file locks serialise their writes, and a busy timeout makes a
/// writer wait for another rather than fail.
///
/// Each group of data has its own accessor: ``recognitionHistory``, ``catScanHistory``,
/// ``favourites``, ``kitchenIngredients``, ``shoppingList``, ``consent``, ``settings``,
/// ``wasteTally``, ``accessTokens`` and ``photoIndex``. Dates are stored as seconds since Foundation's
/// reference date (2001-01-01 UTC) in REAL columns, so a `Date` reads back bit for bit.
public final class SQLiteStore: Store {
    /// The environment variable that overrides the data directory (`DataHome`, which
    /// `ModelStore` reads too, so models and app data live together).
    public static let homeEnvironmentVariable = DataHome.environmentVariable
    /// The database's file name inside the data directory.
    public static let fileName = "sightline.sqlite"
    /// How long a write waits for another connection (another process) that holds the write
    /// lock before it fails.
    static let busyTimeout: TimeInterval = 5

    /// The database file.
    public let fileURL: URL

    public var locationDescription: String { fileURL.path }
    /// The connections. Internal: the accessors are the API, so the schema can change behind
    /// them.
    let database: DatabasePool

    /// The data directory: `$SIGHTLINE_HOME`, or `~/.local/share/sightline` when it is unset or
    /// empty.
    public static func defaultDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        DataHome.directory(environment: environment)
    }

    /// Opens `sightline.sqlite` in `directory`, creating the folder (readable by the owner
    /// only) and the database when they do not exist, and applying any migrations this build
    /// has that the file lacks.
    ///
    /// An existing file is first inspected through a read-only connection. It is never
    /// migrated, truncated or overwritten when it is not an SQLite database, fails
    /// `PRAGMA quick_check`, or was written by a newer Sightline. The check reads every page,
    /// so opening takes time in proportion to the file's size: open one store per process
    /// and share it, rather than one per request.
    ///
    /// - Throws: `StoreError.corrupt`, `.newerVersion` or `.cannotOpen`.
    public init(directory: URL) throws {
        let fileURL = directory.appendingPathComponent(Self.fileName)
        let path = fileURL.path
        try DataDirectory.create(directory, for: path)
        // Two processes opening a new database at the same moment would both try to apply the
        // first migration; holding a lock on the folder while checking, creating and
        // migrating makes the second one wait and then find the schema up to date.
        database = try DataDirectory.whileLocked(directory, for: path) {
            if FileManager.default.fileExists(atPath: path) {
                try DatabaseFileInspection.check(path: path)
            } else {
                try DataDirectory.createPrivateFile(at: path)
            }
            return try Self.openAndMigrate(path: path)
        }
        self.fileURL = fileURL
    }

    /// Closes every connection. Later operations throw `StoreError.databaseFailure`. Closing
    /// is optional — connections close when the store is released — but a server that shuts
    /// down cleanly calls it so the write-ahead log is folded into the file and removed.
    public func close() throws {
        do {
            try database.close()
            // The pool closes its writer before its readers, so the last of its connections to
            // close is a read-only one, which cannot fold the log into the file and leaves the
            // `-wal` and `-shm` files behind. A lone read-write connection closed right after is
            // the last one: SQLite checkpoints the log and removes both (unless another process
            // still has the file open).
            try DatabaseQueue(path: fileURL.path).close()
        } catch let error as DatabaseError {
            throw StoreError.databaseFailure(path: fileURL.path, reason: Self.describe(error))
        }
    }

    /// Reads the database's schema through a reader connection: whether the store can answer a
    /// query now (a server's readiness).
    ///
    /// - Throws: `StoreError.databaseFailure` naming what SQLite said.
    public func checkReachable() throws {
        _ = try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
    }

    // MARK: - Opening

    private static func openAndMigrate(path: String) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.label = "Sightline.Store"
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(busyTimeout)
        configuration.prepareDatabase { db in
            // Deleted rows are overwritten with zeros in the file instead of lingering in free
            // pages: deleting a history entry must remove its photo from the disk.
            try db.execute(sql: "PRAGMA secure_delete = ON")
        }
        do {
            // DatabasePool turns WAL mode on: readers never block the writer, and a commit is
            // one append to the log.
            let pool = try DatabasePool(path: path, configuration: configuration)
            try pool.writeWithoutTransaction { db in
                // GRDB sets synchronous = NORMAL with WAL, which can lose the last commits on
                // power loss. FULL syncs the log at every commit, so a save the caller saw
                // succeed survives a kill, a crash or a power cut. Set here, after the pool
                // has chosen its journal mode; only the writer connection commits.
                try db.execute(sql: "PRAGMA synchronous = FULL")
            }
            try SQLiteSchema.migrator.migrate(pool)
            return pool
        } catch let error as DatabaseError {
            throw StoreError.cannotOpen(path: path, reason: describe(error))
        }
    }

    // MARK: - Access for the accessors

    /// Runs `body` with a read-only connection; SQLite errors become `StoreError.databaseFailure`.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try database.read(body)
        } catch let error as DatabaseError {
            throw StoreError.databaseFailure(path: fileURL.path, reason: Self.describe(error))
        }
    }

    /// Runs `body` in one write transaction (all or nothing); SQLite errors become
    /// `StoreError.databaseFailure`.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try database.write(body)
        } catch let error as DatabaseError {
            throw StoreError.databaseFailure(path: fileURL.path, reason: Self.describe(error))
        }
    }

    /// Runs `body` in one write transaction, then folds the write-ahead log into the file and
    /// truncates it. For deletions of photos: with `secure_delete` the freed pages are zeroed
    /// in the file, and the truncation removes the older copies the log still held. When a
    /// reader in another process keeps the log busy the truncation is skipped; closing the
    /// store removes the log later.
    func writeAndTruncateLog<T>(_ body: (Database) throws -> T) throws -> T {
        let result = try write(body)
        do {
            try database.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        } catch let error as DatabaseError
            where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
            // The write is committed; only the log truncation has to wait.
        } catch let error as DatabaseError {
            throw StoreError.databaseFailure(path: fileURL.path, reason: Self.describe(error))
        }
        return result
    }

    static func describe(_ error: DatabaseError) -> String {
        error.message.map { "\($0) (SQLite code \(error.extendedResultCode.rawValue))" }
            ?? "SQLite code \(error.extendedResultCode.rawValue)"
    }
}
