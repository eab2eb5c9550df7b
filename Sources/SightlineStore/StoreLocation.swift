// StoreLocation: which store to open — the SQLite file in a data directory (the default) or a
// PostgreSQL database named by a `postgres://` URL — from `--database` or
// `$SIGHTLINE_DATABASE_URL`. A URL that is given but cannot be used is an error, never a quiet
// fall-back to the local file.
public import Foundation
import SightlineDataHome

/// Where the app data lives.
public enum StoreLocation: Sendable, Equatable, CustomStringConvertible {
    /// `sightline.sqlite` in this folder.
    case sqlite(directory: URL)
    /// A PostgreSQL database.
    case postgres(PostgresLocation)

    /// The location a command uses: `database` when given (a `postgres://` URL, or a folder for
    /// the SQLite file), else `$SIGHTLINE_DATABASE_URL` when set and not empty, else the SQLite
    /// file in the data directory (`$SIGHTLINE_HOME` or `~/.local/share/sightline`).
    ///
    /// - Throws: `StoreError.invalidValue` for a URL that cannot be read.
    public static func resolve(database: String? = nil,
                               environment: [String: String] = ProcessInfo.processInfo.environment) throws -> StoreLocation {
        let text = database ?? environment[PostgresLocation.environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        guard let text else {
            return .sqlite(directory: DataHome.directory(environment: environment))
        }
        if PostgresLocation.isPostgresURL(text) {
            return .postgres(try PostgresLocation(url: text, environment: environment))
        }
        if text.contains("://") {
            throw StoreError.invalidValue(field: "database",
                                          reason: "\(text.prefix(while: { $0 != ":" })):// is not supported; give a postgres:// URL or a folder for the SQLite file")
        }
        return .sqlite(directory: URL(fileURLWithPath: (text as NSString).expandingTildeInPath, isDirectory: true))
    }

    /// Opens the store here, creating (SQLite) or migrating it as needed.
    ///
    /// - Throws: what `SQLiteStore.init(directory:)` or `PostgresStore.open(_:)` throw.
    public func open() async throws -> any Store {
        switch self {
        case let .sqlite(directory):
            return try SQLiteStore(directory: directory)
        case let .postgres(location):
            return try await PostgresStore.open(location)
        }
    }

    public var description: String {
        switch self {
        case let .sqlite(directory): return directory.appendingPathComponent(SQLiteStore.fileName).path
        case let .postgres(location): return location.description
        }
    }
}
