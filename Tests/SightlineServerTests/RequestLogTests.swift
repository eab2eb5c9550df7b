// RequestLogTests: the server's request log, captured from a real server over loopback — each
// request is logged with method, path, status and duration, and the access token of a
// `?token=SECRET` URL (valid, wrong, or spelled differently) never reaches the log.
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SightlineServer
import SightlineStore
import XCTest

final class RequestLogTests: XCTestCase {
    func testTheTokenInTheURLNeverReachesTheLog() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sightline-log-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLiteStore(directory: folder)
        let (_, secret) = try await AccessTokenSecret.create(name: "phone", in: store)
        let wrong = AccessTokenSecret.generate()
        let recorder = LogRecorder()
        let server = WebServer(configuration: ServerConfiguration(port: 0, requiresToken: true), store: store)
        try await server.application(logger: recorder.logger).test(.live) { client in
            let link = try await client.execute(uri: "/waste?lang=de&token=\(secret)", method: .get)
            XCTAssertEqual(link.status, .seeOther)
            let refused = try await client.execute(uri: "/api/v1/models?token=\(wrong)", method: .get)
            XCTAssertEqual(refused.status, .unauthorized)
            let encoded = try await client.execute(uri: "/?%74oken=\(secret)", method: .get)
            XCTAssertEqual(encoded.status, .unauthorized, "not read as the token, but redacted all the same")
        }
        let lines = recorder.lines
        let requests = lines.filter { $0.contains("request") && $0.contains("status=") }
        XCTAssertEqual(requests.count, 3, lines.joined(separator: "\n"))
        for line in lines {
            XCTAssertFalse(line.contains(secret), "the secret is in the log: \(line)")
            XCTAssertFalse(line.contains(wrong), "a wrong secret is in the log too: \(line)")
        }
        let link = try XCTUnwrap(requests.first { $0.contains("path=/waste") }, requests.joined(separator: "\n"))
        XCTAssertTrue(link.contains("query=lang=de&token=REDACTED"), link)
        XCTAssertTrue(link.contains("method=GET") && link.contains("status=303") && link.contains("milliseconds="), link)
        XCTAssertTrue(requests.contains { $0.contains("status=401") && $0.contains("token=REDACTED") }, requests.joined(separator: "\n"))
        XCTAssertTrue(requests.contains { $0.contains("query=%74oken=REDACTED") }, requests.joined(separator: "\n"))
    }
}
