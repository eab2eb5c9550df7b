// StoreBackends: the stores the contract suite runs against — a fresh SQLite file, and a fresh
// database on the PostgreSQL server of $SIGHTLINE_TEST_POSTGRES_URL (which `make test` starts
// with scripts/with-postgres.sh). Without that variable the PostgreSQL half is skipped, or fails
// under SIGHTLINE_TESTS_REQUIRE_ALL=1.
import Foundation
import Logging
import PostgresNIO
import SightlineStore
import SightlineTestSupport
import XCTest

enum StoreBackends {
    /// The variable naming the test server (its role may create databases).
    static let postgresVariable = "SIGHTLINE_TEST_POSTGRES_URL"

    /// The test server, or a skip (a failure when requirements are strict) when none is given.
    static func postgresServer() throws -> PostgresLocation {
        guard let url = ProcessInfo.processInfo.environment[postgresVariable], !url.isEmpty else {
            try TestRequirement.unavailable(
                "no PostgreSQL server for the store's tests: run them through scripts/with-postgres.sh (make test does)")
        }
        return try PostgresLocation(url: url)
    }

    /// A new, empty database on the test server; `drop` removes it.
    static func createDatabase(on server: PostgresLocation) async throws -> PostgresLocation {
        let name = "sightline_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try await administer(server, "CREATE DATABASE \(name)")
        var location = server
        location.database = name
        return location
    }

    /// Drops a database made by `createDatabase`, closing what is still connected to it.
    static func drop(_ location: PostgresLocation, on server: PostgresLocation) async throws {
        try await administer(server, "DROP DATABASE IF EXISTS \(location.database) WITH (FORCE)")
    }

    /// Runs one statement on the server's own database (CREATE and DROP DATABASE cannot run
    /// inside another database's transaction).
    static func administer(_ server: PostgresLocation, _ statement: String) async throws {
        try await withConnection(to: server) { connection, logger in
            try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
        }
    }

    /// Runs `body` with one connection to `location` (to look behind the store's back).
    @discardableResult
    static func withConnection<T: Sendable>(
        to location: PostgresLocation, _ body: (PostgresConnection, Logger) async throws -> T
    ) async throws -> T {
        guard case let .tcp(host, port) = location.endpoint else {
            throw XCTSkip("the tests reach PostgreSQL over TCP")
        }
        let logger = Logger(label: "sightline.tests.postgres")
        let configuration = PostgresConnection.Configuration(host: host, port: port, username: location.user,
                                                             password: location.password, database: location.database,
                                                             tls: .disable)
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        do {
            let result = try await body(connection, logger)
            try await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }
}

/// Runs a test body against each store implementation, each on fresh, empty data.
class StoreContractTestCase: XCTestCase {
    private var folders: [URL] = []

    override func tearDownWithError() throws {
        for folder in folders where FileManager.default.fileExists(atPath: folder.path) {
            try FileManager.default.removeItem(at: folder)
        }
        try super.tearDownWithError()
    }

    /// Calls `body` with a new SQLite store, then with a new PostgreSQL store (a database of its
    /// own); failures name the implementation.
    func forEachStore(_ body: (any Store, String) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("SightlineStoreContract-\(UUID().uuidString)", isDirectory: true)
        folders.append(folder)
        let sqlite = try SQLiteStore(directory: folder)
        try await body(sqlite, "SQLite")
        try sqlite.close()

        let server = try StoreBackends.postgresServer()
        let location = try await StoreBackends.createDatabase(on: server)
        do {
            let postgres = try await PostgresStore.open(location)
            do {
                try await body(postgres, "PostgreSQL")
            } catch {
                try? await postgres.close()
                throw error
            }
            try await postgres.close()
        } catch {
            try? await StoreBackends.drop(location, on: server)
            throw error
        }
        try await StoreBackends.drop(location, on: server)
    }

    /// Asserts that `body` throws `StoreError.invalidValue`.
    func assertInvalidValue(_ backend: String, file: StaticString = #filePath, line: UInt = #line,
                            _ body: () async throws -> Void) async {
        do {
            try await body()
            XCTFail("\(backend): no error was thrown", file: file, line: line)
        } catch let error as StoreError {
            guard case .invalidValue = error else {
                return XCTFail("\(backend): \(error) is not invalidValue", file: file, line: line)
            }
        } catch {
            XCTFail("\(backend): \(error) is not a StoreError", file: file, line: line)
        }
    }
}
