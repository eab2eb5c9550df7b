// PostgresLocation: where a PostgreSQL store is, read from a `postgres://` URL in libpq's form —
// user, password, host and port or a Unix socket folder, database, and `sslmode` — and shown
// back without its password in messages and logs.
public import Foundation

/// A PostgreSQL server, database and role to keep the app data in.
///
/// Accepted forms (the ones `psql` takes):
/// - `postgres://user:password@host:5432/database`
/// - `postgresql://user@host/database?sslmode=require`
/// - `postgres:///database?host=/run/postgresql&user=sightline` (a Unix socket in that folder)
///
/// `sslmode` is `disable`, `prefer` (the default: TLS when the server offers it) or `require`.
/// Percent-encoded characters in the user name and password are decoded.
public struct PostgresLocation: Sendable, Equatable, CustomStringConvertible {
    /// How the connection is made.
    public enum Endpoint: Sendable, Equatable {
        case tcp(host: String, port: Int)
        /// The server's socket file, `.s.PGSQL.<port>` in the given folder.
        case unixSocket(path: String)
    }

    /// Whether the connection is encrypted.
    public enum TLSMode: String, Sendable, Equatable {
        case disable, prefer, require
    }

    public var endpoint: Endpoint
    public var user: String
    public var password: String?
    public var database: String
    public var tls: TLSMode

    /// The environment variable holding a database URL, read when no `--database` is given.
    public static let environmentVariable = "SIGHTLINE_DATABASE_URL"

    /// Whether `text` is meant as a PostgreSQL URL (rather than a mistyped path).
    public static func isPostgresURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://")
    }

    /// Parses a `postgres://` URL.
    ///
    /// - Throws: `StoreError.invalidValue` naming what is wrong with the URL (the message never
    ///   repeats the password).
    public init(url text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard Self.isPostgresURL(text) else {
            throw StoreError.invalidValue(field: "database URL",
                                          reason: "it must start with postgres:// or postgresql://")
        }
        guard let components = URLComponents(string: text) else {
            throw StoreError.invalidValue(field: "database URL",
                                          reason: "it is not a valid URL (percent-encode special characters in the password)")
        }
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] {
            query[item.name] = item.value ?? ""
        }
        let portText = query["port"] ?? components.port.map(String.init) ?? "5432"
        guard let port = Int(portText), (1...65535).contains(port) else {
            throw StoreError.invalidValue(field: "database URL", reason: "port \(portText) is not a number from 1 to 65535")
        }
        let host = query["host"] ?? (components.percentEncodedHost.flatMap { $0.removingPercentEncoding } ?? "")
        if host.hasPrefix("/") {
            endpoint = .unixSocket(path: (host as NSString).appendingPathComponent(".s.PGSQL.\(port)"))
        } else if host.isEmpty {
            throw StoreError.invalidValue(field: "database URL",
                                          reason: "it names no host (postgres://user@host/database) nor a socket folder (?host=/run/postgresql)")
        } else {
            endpoint = .tcp(host: host, port: port)
        }
        let user = query["user"] ?? components.percentEncodedUser.flatMap { $0.removingPercentEncoding }
            ?? environment["USER"] ?? ""
        guard !user.isEmpty else {
            throw StoreError.invalidValue(field: "database URL", reason: "it names no user (postgres://user@host/database)")
        }
        self.user = user
        password = query["password"] ?? components.percentEncodedPassword.flatMap { $0.removingPercentEncoding }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = query["dbname"] ?? (path.isEmpty ? user : path)
        let mode = query["sslmode"] ?? "prefer"
        guard let tls = TLSMode(rawValue: mode) else {
            throw StoreError.invalidValue(field: "database URL", reason: "sslmode \(mode) is not disable, prefer or require")
        }
        self.tls = tls
    }

    /// The URL without its password, for messages.
    public var description: String {
        switch endpoint {
        case let .tcp(host, port):
            let shownHost = host.contains(":") ? "[\(host)]" : host
            return "postgres://\(user)@\(shownHost):\(port)/\(database)"
        case let .unixSocket(path):
            return "postgres://\(user)@/\(database)?host=\((path as NSString).deletingLastPathComponent)"
        }
    }
}
