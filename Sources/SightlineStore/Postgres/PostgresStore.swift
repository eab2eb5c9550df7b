// PostgresStore: the shared `Store` — all of Sightline's app data in a PostgreSQL database that
// several `sightline serve` replicas and `sightline index work` processes use at once, through
// postgres-nio's connection pool. Opening connects once to say precisely what is wrong (server
// unreachable, password refused, no such database) and to apply the migrations, then starts
// the pool.
import Foundation
import Logging
import NIOSSL
import PostgresNIO

/// Sightline's app data in a PostgreSQL database.
///
/// Tables and rules are those of `SQLiteStore` (see `PostgresSchema`); every write is one
/// transaction. Close the store when done: it stops the pool's connections.
public final class PostgresStore: Store {
    /// Where the data is.
    public let location: PostgresLocation
    let client: PostgresClient
    let logger: Logger
    private let pool: Task<Void, Never>

    public var locationDescription: String { location.description }

    /// Connects to `location`, applies any migrations the database lacks and starts a pool of
    /// up to `maximumConnections` connections.
    ///
    /// - Throws: `StoreError.cannotConnect` (unreachable server, refused credentials, missing
    ///   database, TLS required but not offered) or `StoreError.newerVersion` (the database was
    ///   migrated by a newer Sightline; it is left untouched).
    public static func open(_ location: PostgresLocation, maximumConnections: Int = 8) async throws -> PostgresStore {
        var logger = Logger(label: "sightline.store.postgres")
        logger.logLevel = .critical
        let connectionConfiguration = try connectionConfiguration(location)
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(configuration: connectionConfiguration, id: 1, logger: logger)
        } catch {
            throw StoreError.cannotConnect(location: location.description, reason: describe(error))
        }
        do {
            try await PostgresSchema.migrate(connection, location: location.description, logger: logger)
            try await connection.close()
        } catch let error as StoreError {
            try? await connection.close()
            throw error
        } catch {
            try? await connection.close()
            throw StoreError.databaseFailure(path: location.description, reason: describe(error))
        }
        var configuration = try clientConfiguration(location)
        configuration.options.maximumConnections = maximumConnections
        configuration.options.minimumConnections = 0
        return PostgresStore(location: location, client: PostgresClient(configuration: configuration, backgroundLogger: logger),
                             logger: logger)
    }

    private init(location: PostgresLocation, client: PostgresClient, logger: Logger) {
        self.location = location
        self.client = client
        self.logger = logger
        pool = Task { await client.run() }
    }

    deinit {
        pool.cancel()
    }

    public var recognitionHistory: PostgresRecognitionHistory { PostgresRecognitionHistory(store: self) }
    public var catScanHistory: PostgresCatScanHistory { PostgresCatScanHistory(store: self) }
    public var favourites: PostgresFavourites { PostgresFavourites(store: self) }
    public var kitchenIngredients: PostgresKitchenIngredients { PostgresKitchenIngredients(store: self) }
    public var shoppingList: PostgresShoppingList { PostgresShoppingList(store: self) }
    public var consent: PostgresConsent { PostgresConsent(store: self) }
    public var settings: PostgresSettings { PostgresSettings(store: self) }
    public var wasteTally: PostgresWasteTally { PostgresWasteTally(store: self) }
    public var accessTokens: PostgresAccessTokens { PostgresAccessTokens(store: self) }
    public var photoIndex: PostgresPhotoIndex { PostgresPhotoIndex(store: self) }

    public func checkReachable() async throws {
        _ = try await rows("SELECT 1")
    }

    /// Stops the pool: open connections are closed, later operations fail.
    public func close() async throws {
        pool.cancel()
    }

    // MARK: - Access for the accessors

    /// Runs one statement outside a transaction and returns its rows.
    func rows(_ query: PostgresQuery) async throws -> [PostgresRow] {
        let logger = logger
        return try await failures {
            try await onConnection { connection in try await connection.query(query, logger: logger).collect() }
        }
    }

    /// Runs `body` in one transaction (all or nothing).
    func transaction<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        let logger = logger
        return try await failures {
            try await onConnection { connection in
                try await connection.withTransaction(logger: logger) { connection in try await body(connection) }
            }
        }
    }

    /// Runs `body` on a connection of the pool. While the server cannot be reached the pool keeps
    /// trying to connect and a request for a connection would wait for as long; after
    /// `connectionWait` it is given up, so a request is answered "unavailable" at once rather than
    /// when its own time limit runs out. Once `body` runs, it is not limited.
    private func onConnection<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        let leased = LeaseFlag()
        let client = client
        let wait = Self.connectionWait
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                try await client.withConnection { connection in
                    leased.set()
                    return try await body(connection)
                }
            }
            group.addTask {
                try await Task.sleep(for: wait)
                guard leased.isSet else { throw ConnectionWaitExpired() }
                return nil
            }
            defer { group.cancelAll() }
            while let result = try await group.next() {
                if let value = result { return value }
            }
            throw CancellationError()
        }
    }

    /// How long an operation waits for a connection before it fails.
    static let connectionWait: Duration = .seconds(5)

    /// Turns what PostgreSQL or the connection reports into `StoreError.databaseFailure`; a
    /// `StoreError` thrown by the accessor's own code (inside a transaction too) passes through.
    private func failures<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as StoreError {
            throw error
        } catch let error as PostgresTransactionError {
            if let inner = error.closureError as? StoreError {
                throw inner
            }
            throw StoreError.databaseFailure(path: location.description, reason: Self.describe(error))
        } catch {
            throw StoreError.databaseFailure(path: location.description, reason: Self.describe(error))
        }
    }

    /// What went wrong, in PostgreSQL's words where the server said something.
    static func describe(_ error: any Error) -> String {
        if error is ConnectionWaitExpired {
            return "no connection to the server within \(connectionWait.components.seconds) s"
        }
        if let error = error as? PostgresTransactionError {
            if let inner = error.closureError ?? error.beginError ?? error.commitError ?? error.rollbackError {
                return describe(inner)
            }
            return "the transaction failed"
        }
        if let error = error as? PSQLError {
            if let info = error.serverInfo, let message = info[.message] {
                return "\(message) (SQLSTATE \(info[.sqlState] ?? "unknown"))"
            }
            if let underlying = error.underlying {
                return "\(error.code): \(underlying)"
            }
            return "\(error.code)"
        }
        return String(describing: error)
    }

    // MARK: - Configuration

    private static func connectionConfiguration(_ location: PostgresLocation) throws -> PostgresConnection.Configuration {
        switch location.endpoint {
        case let .tcp(host, port):
            let tls: PostgresConnection.Configuration.TLS
            switch location.tls {
            case .disable: tls = .disable
            case .prefer: tls = .prefer(try tlsContext(location))
            case .require: tls = .require(try tlsContext(location))
            }
            return PostgresConnection.Configuration(host: host, port: port, username: location.user,
                                                    password: location.password, database: location.database, tls: tls)
        case let .unixSocket(path):
            return PostgresConnection.Configuration(unixSocketPath: path, username: location.user,
                                                    password: location.password, database: location.database)
        }
    }

    private static func clientConfiguration(_ location: PostgresLocation) throws -> PostgresClient.Configuration {
        switch location.endpoint {
        case let .tcp(host, port):
            let tls: PostgresClient.Configuration.TLS
            switch location.tls {
            case .disable: tls = .disable
            case .prefer: tls = .prefer(.makeClientConfiguration())
            case .require: tls = .require(.makeClientConfiguration())
            }
            return PostgresClient.Configuration(host: host, port: port, username: location.user,
                                                password: location.password, database: location.database, tls: tls)
        case let .unixSocket(path):
            return PostgresClient.Configuration(unixSocketPath: path, username: location.user,
                                                password: location.password, database: location.database)
        }
    }

    private static func tlsContext(_ location: PostgresLocation) throws -> NIOSSLContext {
        do {
            return try NIOSSLContext(configuration: .makeClientConfiguration())
        } catch {
            throw StoreError.cannotConnect(location: location.description, reason: "TLS could not be set up: \(error)")
        }
    }
}

/// Whether an operation got its connection (set once, read by its deadline).
private final class LeaseFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

/// An operation waited `PostgresStore.connectionWait` for a connection in vain.
private struct ConnectionWaitExpired: Error {}
