// LiveOriginTests: the live camera's WebSocket upgrade refused, like a cross-site write, when
// another site's page asks for it (a foreign Origin, Sec-Fetch-Site cross-site, or a rebound
// Host) — the WebSocket layer answers a refused upgrade 400 — and accepted from Sightline's own
// pages and from clients that send no Origin.
import Foundation
import HummingbirdTesting
import SightlineServer
import XCTest

final class LiveOriginTests: XCTestCase {
    private static func upgrade(port: Int, host: String, headers: [String]) async throws -> RawHTTPAnswer {
        let lines = ["GET /api/v1/live?app=recognizer HTTP/1.1", "Host: \(host)", "Upgrade: websocket", "Connection: Upgrade",
                     "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13"] + headers
        return try await RawHTTPClient.send(lines.joined(separator: "\r\n") + "\r\n\r\n", port: port)
    }

    func testAnotherSitesPageCannotOpenTheLiveCamera() async throws {
        try await ServerTestSupport.withServer { client, _ in
            let port = try XCTUnwrap(client.port)
            let host = "localhost:\(port)"
            for headers in [["Origin: http://evil.example"], ["Origin: http://evil.example:\(port)"], ["Origin: null"],
                            ["Origin: http://\(host)", "Sec-Fetch-Site: cross-site"]] {
                let answer = try await Self.upgrade(port: port, host: host, headers: headers)
                XCTAssertNotEqual(answer.status, 101, "\(headers): \(answer.head)")
                XCTAssertEqual(answer.status, 400, "\(headers): \(answer.head)")
            }
            let rebound = try await Self.upgrade(port: port, host: "rebind.evil.example:\(port)",
                                            headers: ["Origin: http://rebind.evil.example:\(port)"])
            XCTAssertNotEqual(rebound.status, 101, "a rebound name opens no socket: \(rebound.head)")
        }
    }

    func testSightlinesOwnPagesAndClientsWithoutOriginOpenIt() async throws {
        try await ServerTestSupport.withServer { client, _ in
            let port = try XCTUnwrap(client.port)
            for (host, headers) in [("localhost:\(port)", ["Origin: http://localhost:\(port)", "Sec-Fetch-Site: same-origin"]),
                                    ("127.0.0.1:\(port)", ["Origin: http://127.0.0.1:\(port)"]),
                                    ("localhost:\(port)", [])] {
                let answer = try await Self.upgrade(port: port, host: host, headers: headers)
                XCTAssertEqual(answer.status, 101, "\(host) \(headers): \(answer.head)")
            }
        }
    }
}
