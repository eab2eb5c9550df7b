// PostgresLocationTests: reading `postgres://` URLs as psql does, never showing the password,
// and which store `--database` and $SIGHTLINE_DATABASE_URL choose.
import Foundation
import SightlineStore
import XCTest

final class PostgresLocationTests: XCTestCase {
    func testURLForms() throws {
        let full = try PostgresLocation(url: "postgres://app:s%40cret%2F1@db.example:6432/sightline?sslmode=require")
        XCTAssertEqual(full.endpoint, .tcp(host: "db.example", port: 6432))
        XCTAssertEqual(full.user, "app")
        XCTAssertEqual(full.password, "s@cret/1")
        XCTAssertEqual(full.database, "sightline")
        XCTAssertEqual(full.tls, .require)
        XCTAssertEqual(full.description, "postgres://app@db.example:6432/sightline")

        let plain = try PostgresLocation(url: "postgresql://app@localhost/photos")
        XCTAssertEqual(plain.endpoint, .tcp(host: "localhost", port: 5432))
        XCTAssertNil(plain.password)
        XCTAssertEqual(plain.tls, .prefer)

        let socket = try PostgresLocation(url: "postgres:///photos?host=/run/postgresql&user=app&port=5433")
        XCTAssertEqual(socket.endpoint, .unixSocket(path: "/run/postgresql/.s.PGSQL.5433"))
        XCTAssertEqual(socket.user, "app")
        XCTAssertEqual(socket.description, "postgres://app@/photos?host=/run/postgresql")

        let defaultDatabase = try PostgresLocation(url: "postgres://app@host")
        XCTAssertEqual(defaultDatabase.database, "app", "as psql: the database named after the user")
    }

    func testBadURLsSayWhatIsWrong() {
        for (url, expected) in [("mysql://app@host/db", "postgres://"),
                                ("postgres://app@host/db?sslmode=always", "sslmode"),
                                ("postgres://app@host:99999/db", "port"),
                                ("postgres:///db?user=app", "host")] {
            XCTAssertThrowsError(try PostgresLocation(url: url, environment: [:]), url) { error in
                guard case let StoreError.invalidValue(field, reason) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(field, "database URL")
                XCTAssertTrue(reason.contains(expected), reason)
            }
        }
    }

    func testWhichStoreIsOpened() throws {
        let environment = ["SIGHTLINE_HOME": "/data/sl", "HOME": "/home/u"]
        XCTAssertEqual(try StoreLocation.resolve(environment: environment),
                       .sqlite(directory: URL(fileURLWithPath: "/data/sl", isDirectory: true)))
        var shared = environment
        shared["SIGHTLINE_DATABASE_URL"] = "postgres://app:pw@db/sightline"
        XCTAssertEqual(try StoreLocation.resolve(environment: shared), .postgres(try PostgresLocation(url: "postgres://app:pw@db/sightline")))
        XCTAssertEqual(try StoreLocation.resolve(database: "/tmp/other", environment: shared),
                       .sqlite(directory: URL(fileURLWithPath: "/tmp/other", isDirectory: true)), "--database wins")
        XCTAssertThrowsError(try StoreLocation.resolve(database: "redis://cache", environment: environment)) { error in
            XCTAssertTrue("\(error)".contains("redis:// is not supported"), "\(error)")
        }
    }
}
