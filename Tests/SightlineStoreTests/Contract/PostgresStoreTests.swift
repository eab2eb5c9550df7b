// PostgresStoreTests: what only the PostgreSQL store has — migrations run once when several
// servers start together, a database migrated by a newer Sightline left untouched, precise
// errors for an unreachable server, a refused password or a missing database, and several
// stores (replicas, index workers) sharing one database.
import Foundation
import PostgresNIO
import SightlineStore
import XCTest

final class PostgresStoreTests: XCTestCase {
    private var server: PostgresLocation!
    private var databases: [PostgresLocation] = []

    override func setUp() async throws {
        try await super.setUp()
        server = try StoreBackends.postgresServer()
    }

    override func tearDown() async throws {
        for database in databases {
            try await StoreBackends.drop(database, on: server)
        }
        try await super.tearDown()
    }

    private func newDatabase() async throws -> PostgresLocation {
        let location = try await StoreBackends.createDatabase(on: server)
        databases.append(location)
        return location
    }

    private func migrations(in location: PostgresLocation) async throws -> [String] {
        try await StoreBackends.withConnection(to: location) { connection, logger in
            var names: [String] = []
            for try await name in try await connection.query("SELECT identifier FROM sightline_migration ORDER BY position",
                                                             logger: logger).decode(String.self) {
                names.append(name)
            }
            return names
        }
    }

    func testServersStartingTogetherMigrateOnce() async throws {
        let location = try await newDatabase()
        let stores = try await withThrowingTaskGroup(of: PostgresStore.self) { group in
            for _ in 0..<4 {
                group.addTask { try await PostgresStore.open(location) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(stores.count, 4)
        let applied = try await migrations(in: location)
        XCTAssertEqual(applied.count, Set(applied).count, "each migration once")
        XCTAssertEqual(applied.first, "createRecognitionCapture")
        XCTAssertEqual(applied.last, "createIndexedLabel")
        for store in stores {
            try await store.checkReachable()
            try await store.close()
        }
    }

    func testADatabaseOfANewerSightlineIsLeftUntouched() async throws {
        let location = try await newDatabase()
        let store = try await PostgresStore.open(location)
        try await store.settings.setValue("kept", for: "note")
        try await store.close()
        try await StoreBackends.withConnection(to: location) { connection, logger in
            try await connection.query(
                "INSERT INTO sightline_migration (position, identifier) VALUES (99, 'fromTheFuture')", logger: logger)
        }
        do {
            _ = try await PostgresStore.open(location)
            XCTFail("a database with an unknown migration was opened")
        } catch let error as StoreError {
            guard case let .newerVersion(path, _, _, unknown) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(unknown, ["fromTheFuture"])
            XCTAssertFalse(path.contains(location.password ?? "\u{0}"), "the message never shows the password")
        }
        let kept = try await StoreBackends.withConnection(to: location) { connection, logger in
            try await connection.query("SELECT value FROM setting WHERE key = 'note'", logger: logger).collect().first?
                .decode(String.self)
        }
        XCTAssertEqual(kept, "kept")
    }

    func testConnectionFailuresSayWhatIsWrong() async throws {
        var wrongPassword = server!
        wrongPassword.password = "not-the-password"
        var missingDatabase = server!
        missingDatabase.database = "sightline_no_such_database"
        var unreachable = server!
        unreachable.endpoint = .tcp(host: "127.0.0.1", port: 1)
        for (location, expected) in [(wrongPassword, "password authentication failed"),
                                     (missingDatabase, "does not exist"),
                                     (unreachable, "refused")] {
            do {
                _ = try await PostgresStore.open(location)
                XCTFail("\(location) was opened")
            } catch let error as StoreError {
                guard case let .cannotConnect(shown, reason) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(shown, location.description)
                XCTAssertTrue(reason.localizedCaseInsensitiveContains(expected), reason)
                XCTAssertFalse(error.description.contains("not-the-password"), error.description)
                XCTAssertTrue(error.description.contains("$SIGHTLINE_DATABASE_URL"), error.description)
            }
        }
    }

    func testReplicasShareEverything() async throws {
        let location = try await newDatabase()
        let first = try await PostgresStore.open(location)
        let second = try await PostgresStore.open(location)
        let token = try await first.accessTokens.create(name: "phone", tokenHash: Data(repeating: 1, count: 32), at: Date())
        let seen = try await second.accessTokens.activeToken(hash: Data(repeating: 1, count: 32))
        XCTAssertEqual(seen?.id, token.id)
        let capture = try await second.recognitionHistory.add(sampleCapture(seed: 9))
        let listed = try await first.recognitionHistory.list(limit: 5, offset: 0, categoryID: nil)
        XCTAssertEqual(listed.map(\.id), [capture.id].compactMap { $0 })
        // Both add to the same shopping list line at once: one line, both amounts.
        async let a = first.shoppingList.add([NewShoppingListItem(name: "milk", amount: "1 l")], at: Date())
        async let b = second.shoppingList.add([NewShoppingListItem(name: "bread")], at: Date())
        _ = try await (a, b)
        let items = try await first.shoppingList.list()
        XCTAssertEqual(items.map(\.name).sorted(), ["bread", "milk"])
        try await first.close()
        try await second.close()
    }

    func testWorkersOnSeveralStoresClaimEachPhotoOnce() async throws {
        let location = try await newDatabase()
        let setup = try await PostgresStore.open(location)
        let files = (0..<300).map { IndexedFile(path: "/library/\($0).jpg", size: $0, modifiedAt: Date(timeIntervalSinceReferenceDate: 0),
                                                 contentHash: Data(repeating: UInt8($0 % 256), count: 32)) }
        _ = try await setup.photoIndex.add(files, now: Date())
        try await setup.close()
        let recorded = try await withThrowingTaskGroup(of: [String].self) { group in
            for worker in 0..<4 {
                group.addTask {
                    let store = try await PostgresStore.open(location, maximumConnections: 2)
                    var mine: [String] = []
                    while true {
                        let jobs = try await store.photoIndex.claim(count: 7, worker: "w\(worker)", lease: 60, now: Date())
                        if jobs.isEmpty { break }
                        let batch = jobs.map { (job: $0, findings: PhotoFindings(faceCount: 0)) }
                        let done = try await store.photoIndex.record(batch, worker: "w\(worker)", now: Date())
                        XCTAssertEqual(done, Array(repeating: true, count: jobs.count))
                        mine += jobs.map(\.path)
                    }
                    try await store.close()
                    return mine
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let all = recorded.flatMap { $0 }
        XCTAssertEqual(all.count, 300, "no photo recorded twice")
        XCTAssertEqual(Set(all).count, 300, "every photo recorded")
        XCTAssertGreaterThan(recorded.filter { !$0.isEmpty }.count, 1, "the work was shared")
    }
}
