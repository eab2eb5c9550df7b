// StoreError: why the store could not be opened or an operation was refused, each message
// saying what was wrong, what happened to the user's file (nothing, when it is damaged or
// newer) and what to do.
public import Foundation

/// Why a `Store` refused to open its database or to carry out an operation.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The file is not an SQLite database, or `PRAGMA quick_check` found damage. The file was
    /// not modified.
    case corrupt(path: String, reason: String)
    /// The file was written by a newer Sightline: its schema version is higher than this build
    /// knows, or it records migrations this build does not have. The file was not modified.
    case newerVersion(path: String, fileSchemaVersion: Int, supportedSchemaVersion: Int,
                      unknownMigrations: [String])
    /// The data directory or the database file cannot be created or opened (permissions, a
    /// file where a folder should be, a full disk…).
    case cannotOpen(path: String, reason: String)
    /// A value given to the store breaks one of its rules (an empty name, a confidence outside
    /// 0…1, a negative limit…). Nothing was written.
    case invalidValue(field: String, reason: String)
    /// The database reported an error while reading or writing (SQLite), or the PostgreSQL
    /// server could not be reached or refused a statement while the store was open.
    case databaseFailure(path: String, reason: String)
    /// The PostgreSQL server could not be reached, or refused the role, password or database.
    /// `location` is the URL without its password.
    case cannotConnect(location: String, reason: String)

    public var description: String {
        switch self {
        case let .corrupt(path, reason):
            return "The Sightline database \(path) is damaged or is not an SQLite database (\(reason)). "
                + "It was left untouched. Move it aside, for example `mv '\(path)' '\(path).damaged'`, "
                + "and Sightline will start with a new, empty database; keep the moved file if you want "
                + "to try to recover its contents with `sqlite3 '\(path).damaged' .recover`."
        case let .newerVersion(path, fileSchemaVersion, supportedSchemaVersion, unknownMigrations):
            let unknown = unknownMigrations.isEmpty
                ? ""
                : "; migrations unknown to this build: \(unknownMigrations.joined(separator: ", "))"
            return "The Sightline database \(path) was written by a newer version of Sightline "
                + "(schema version \(fileSchemaVersion), this build knows up to \(supportedSchemaVersion)\(unknown)). "
                + "It was left untouched. Use the newer Sightline, or move the file aside, for example "
                + "`mv '\(path)' '\(path).newer'`, to start this version with an empty database."
        case let .cannotOpen(path, reason):
            return "Cannot open the Sightline database \(path): \(reason). "
                + "Check that the folder exists and is writable, and that the disk is not full; "
                + "set $\(SQLiteStore.homeEnvironmentVariable) to use another data directory."
        case let .invalidValue(field, reason):
            return "Invalid \(field): \(reason). Nothing was saved."
        case let .cannotConnect(location, reason):
            return "Cannot connect to the Sightline database \(location): \(reason). "
                + "Check that the PostgreSQL server is running and reachable from this machine, and the user, "
                + "password and database name in --database or $\(PostgresLocation.environmentVariable)."
        case let .databaseFailure(path, reason):
            let advice = PostgresLocation.isPostgresURL(path)
                ? "Check that the PostgreSQL server is running and reachable, then try again."
                : "Check free disk space and the file's permissions, then try again."
            return "Reading or writing the Sightline database \(path) failed: \(reason). " + advice
        }
    }

    public var errorDescription: String? { description }
}
