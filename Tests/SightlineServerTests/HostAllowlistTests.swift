// HostAllowlistTests: the defence against DNS rebinding, on a real server over loopback with
// the Host header forged on a raw connection — another site's name is answered 421 on every
// route (the health check, the web app's files, the API), a request without Host 400; the
// loopback names with or without the listening port, the bound address and the allowed names
// are answered.
import Foundation
import HummingbirdTesting
import SightlineServer
import XCTest

final class HostAllowlistTests: XCTestCase {
    private static func get(_ path: String, host: String?, port: Int) async throws -> RawHTTPAnswer {
        let hostLine = host.map { "Host: \($0)\r\n" } ?? ""
        return try await RawHTTPClient.send("GET \(path) HTTP/1.1\r\n\(hostLine)Connection: close\r\n\r\n", port: port)
    }

    func testAnotherSitesNameReachesNothing() async throws {
        try await ServerTestSupport.withServer { client, _ in
            let port = try XCTUnwrap(client.port)
            for path in ["/healthz", "/", "/assets/app.css", "/waste", "/openapi.json", "/api/v1/kitchen/ingredients",
                         "/api/v1/models/nope"] {
                for host in ["rebind.evil.example", "rebind.evil.example:\(port)", "127.0.0.1.evil.example:\(port)"] {
                    let answer = try await Self.get(path, host: host, port: port)
                    XCTAssertEqual(answer.status, 421, "\(host) \(path): \(answer.head)")
                    XCTAssertTrue(answer.body.contains("\"unknown_host\""), answer.body)
                    XCTAssertFalse(answer.body.contains("\"status\""), "nothing of /healthz is read: \(answer.body)")
                }
            }
            let other = try await Self.get("/healthz", host: "localhost:\(port + 1)", port: port)
            XCTAssertEqual(other.status, 421, "loopback on another port is another server")
        }
    }

    func testARequestWithoutHostIsRefused() async throws {
        try await ServerTestSupport.withServer { client, _ in
            let port = try XCTUnwrap(client.port)
            let answer = try await Self.get("/healthz", host: nil, port: port)
            XCTAssertEqual(answer.status, 400, answer.head)
            XCTAssertTrue(answer.body.contains("Host"), answer.body)
            let empty = try await Self.get("/healthz", host: "", port: port)
            XCTAssertEqual(empty.status, 400, empty.head)
        }
    }

    func testTheLoopbackNamesAreAnsweredWithOrWithoutThePort() async throws {
        try await ServerTestSupport.withServer { client, _ in
            let port = try XCTUnwrap(client.port)
            for host in ["127.0.0.1", "127.0.0.1:\(port)", "localhost", "localhost:\(port)", "LocalHost", "[::1]",
                         "[::1]:\(port)"] {
                let answer = try await Self.get("/healthz", host: host, port: port)
                XCTAssertEqual(answer.status, 200, "\(host): \(answer.head)")
                XCTAssertTrue(answer.body.contains("\"status\""), answer.body)
            }
            let page = try await Self.get("/assets/app.css", host: "localhost:\(port)", port: port)
            XCTAssertEqual(page.status, 200)
        }
    }

    func testTheBoundAddressAndTheAllowedNamesAreAnswered() async throws {
        let configuration = ServerConfiguration(host: "192.168.1.20", port: 0, allowedHosts: ["Sightline.lan", "[fd00::5]"],
                                                requiresToken: false)
        try await ServerTestSupport.withServer(configuration) { client, _ in
            let port = try XCTUnwrap(client.port)
            for host in ["192.168.1.20:\(port)", "sightline.lan", "SIGHTLINE.LAN:\(port)", "[fd00::5]:\(port)", "localhost"] {
                let answer = try await Self.get("/healthz", host: host, port: port)
                XCTAssertEqual(answer.status, 200, "\(host): \(answer.head)")
            }
            for host in ["192.168.1.21", "other.lan", "sightline.lan.evil.example"] {
                let answer = try await Self.get("/healthz", host: host, port: port)
                XCTAssertEqual(answer.status, 421, "\(host): \(answer.head)")
            }
        }
    }

    func testAWildcardBindAddressIsNoName() async throws {
        try await ServerTestSupport.withServer(ServerConfiguration(host: "0.0.0.0", port: 0, requiresToken: false)) { client, _ in
            let port = try XCTUnwrap(client.port)
            let answer = try await Self.get("/healthz", host: "0.0.0.0:\(port)", port: port)
            XCTAssertEqual(answer.status, 421, answer.head)
        }
    }
}
