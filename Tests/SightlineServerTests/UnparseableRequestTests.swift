// UnparseableRequestTests: a connection's first request that HTTP/1.1 cannot read is answered and
// the connection closed — 400 `bad_request` for an unknown or lower-case method, HTTP/0.9, an
// HTTP/2 preface, a NUL in the URL, Content-Length with Transfer-Encoding, two lengths or a
// length past 2^64; 431 `headers_too_large` for too many or too large header fields; 414
// `uri_too_long` for a URL past 8 KiB, on the first request and on a later one — and a TLS
// connection that never starts its handshake is closed shortly after the request time limit.
// None of these answered refusals, nor a 408 at the head deadline, nor a client hanging up before
// its first request, is logged as an error.
// On a real server over loopback, with raw sockets.
import Foundation
import Hummingbird
import HummingbirdTesting
@testable import SightlineServer
import SightlineStore
import XCTest

final class UnparseableRequestTests: XCTestCase {
    private static func assertAnsweredAndClosed(_ bytes: [UInt8], status: Int, code: String, port: Int, _ name: String,
                                         file: StaticString = #filePath, line: UInt = #line) async throws {
        let (received, closed) = try await RawHTTPClient.sendUntilClosed(bytes, port: port, seconds: 20)
        let text = String(decoding: received, as: UTF8.self)
        XCTAssertTrue(closed, "\(name): the connection is closed, got \(text.prefix(200).debugDescription)", file: file, line: line)
        let parts = text.components(separatedBy: "\r\n\r\n")
        XCTAssertEqual(parts.count, 2, "\(name): one answer, got \(text.prefix(300).debugDescription)", file: file, line: line)
        let answer = RawHTTPAnswer(head: parts[0], body: parts.dropFirst().joined())
        XCTAssertEqual(answer.status, status, "\(name): \(answer.head)", file: file, line: line)
        XCTAssertEqual(answer.header("Connection")?.lowercased(), "close", "\(name): \(answer.head)", file: file, line: line)
        XCTAssertEqual(answer.header("Content-Type"), "application/json; charset=utf-8", name, file: file, line: line)
        XCTAssertEqual(answer.header("X-Frame-Options"), "DENY", "\(name): the security headers too", file: file, line: line)
        let error = (try? JSONSerialization.jsonObject(with: Data(answer.body.utf8))) as? [String: [String: String]]
        XCTAssertEqual(error?["error"]?["code"], code, "\(name): \(answer.body)", file: file, line: line)
    }

    func testAFirstRequestThatIsNotHTTP11IsAnswered400AndClosed() async throws {
        try await ServerTestSupport.withServer { client, _ in
            let port = try XCTUnwrap(client.port)
            let host = "Host: localhost:\(port)\r\n"
            let cases: [(String, String)] = [
                ("an unknown method", "FOO / HTTP/1.1\r\n\(host)\r\n"),
                ("a lower-case method", "get / HTTP/1.1\r\n\(host)\r\n"),
                ("HTTP/0.9", "GET /\r\n\r\n"),
                ("an HTTP/2 preface", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"),
                ("a NUL in the URL", "GET /\u{0} HTTP/1.1\r\n\(host)\r\n"),
                ("Content-Length with Transfer-Encoding", "POST /api/v1/classify HTTP/1.1\r\n\(host)Content-Length: 5\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
                ("two Content-Lengths", "POST /api/v1/classify HTTP/1.1\r\n\(host)Content-Length: 5\r\nContent-Length: 6\r\n\r\nabcde"),
                ("a Content-Length past 2^64", "POST /api/v1/classify HTTP/1.1\r\n\(host)Content-Length: 18446744073709551616\r\n\r\n"),
            ]
            for (name, request) in cases {
                try await Self.assertAnsweredAndClosed(Array(request.utf8), status: 400, code: "bad_request", port: port, name)
            }
            let healthy = try await RawHTTPClient.send("GET /healthz HTTP/1.1\r\n\(host)Connection: close\r\n\r\n", port: port)
            XCTAssertEqual(healthy.status, 200, "the server goes on answering")
        }
    }

    func testHeadersOverTheLimitsAre431AndAURLOverItsLimit414() async throws {
        try await ServerTestSupport.withServer { client, _ in
            let port = try XCTUnwrap(client.port)
            let host = "Host: localhost:\(port)\r\n"
            let manyFields = (0 ..< 1000).map { "X-Field-\($0): y\r\n" }.joined()
            try await Self.assertAnsweredAndClosed(Array("GET / HTTP/1.1\r\n\(host)\(manyFields)\r\n".utf8), status: 431,
                                                   code: "headers_too_large", port: port, "1,000 header fields")
            let longField = "X-Long: " + String(repeating: "a", count: 20 << 10) + "\r\n"
            try await Self.assertAnsweredAndClosed(Array("GET / HTTP/1.1\r\n\(host)\(longField)\r\n".utf8), status: 431,
                                                   code: "headers_too_large", port: port, "a 20 KiB header field")
            let longURL = "/" + String(repeating: "a", count: 80 << 10)
            try await Self.assertAnsweredAndClosed(Array("GET \(longURL) HTTP/1.1\r\n\(host)\r\n".utf8), status: 414,
                                                   code: "uri_too_long", port: port, "an 80 KiB URL")
            // A later request on a kept-alive connection: its head is past the first request's
            // guard, the path middleware answers.
            let url = "/" + String(repeating: "b", count: 9 << 10)
            let (bytes, _) = try await RawHTTPClient.sendUntilClosed(
                Array("GET /healthz HTTP/1.1\r\n\(host)\r\nGET \(url) HTTP/1.1\r\n\(host)Connection: close\r\n\r\n".utf8),
                port: port, seconds: 20)
            let text = String(decoding: bytes, as: UTF8.self)
            XCTAssertTrue(text.hasPrefix("HTTP/1.1 200 OK"), String(text.prefix(200)))
            XCTAssertTrue(text.contains("HTTP/1.1 414 URI Too Long"), String(text.prefix(2000)))
            XCTAssertTrue(text.contains("\"uri_too_long\""), String(text.suffix(500)))
            let fits = "/healthz?" + String(repeating: "c", count: 7 << 10)
            let answer = try await RawHTTPClient.send("GET \(fits) HTTP/1.1\r\n\(host)Connection: close\r\n\r\n", port: port)
            XCTAssertEqual(answer.status, 200, "a URL under the limit is served")
        }
    }

    func testAnsweredRefusalsOfAFirstRequestAreNotLoggedAsErrors() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sightline-log-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let recorder = LogRecorder()
        let server = WebServer(configuration: ServerConfiguration(port: 0, requestTimeout: .seconds(1)), store: try SQLiteStore(directory: folder))
        try await server.application(logger: recorder.logger).test(.live) { client in
            let port = try XCTUnwrap(client.port)
            let host = "Host: localhost:\(port)\r\n"
            try await Self.assertAnsweredAndClosed(Array("FOO / HTTP/1.1\r\n\(host)\r\n".utf8), status: 400, code: "bad_request",
                                                   port: port, "an unknown method")
            let manyFields = (0 ..< 1000).map { "X-Field-\($0): y\r\n" }.joined()
            try await Self.assertAnsweredAndClosed(Array("GET / HTTP/1.1\r\n\(host)\(manyFields)\r\n".utf8), status: 431,
                                                   code: "headers_too_large", port: port, "1,000 header fields")
            let longURL = "/" + String(repeating: "a", count: 80 << 10)
            try await Self.assertAnsweredAndClosed(Array("GET \(longURL) HTTP/1.1\r\n\(host)\r\n".utf8), status: 414,
                                                   code: "uri_too_long", port: port, "an 80 KiB URL")
            try await Self.assertAnsweredAndClosed(Array("GET / HTTP/1.1\r\n".utf8), status: 408, code: "request_timeout",
                                                   port: port, "a head that never ends")
            // Clients that hang up before a whole first request: nothing to answer, nothing wrong.
            close(try RawHTTPClient.openAfterSending([], port: port))
            close(try RawHTTPClient.openAfterSending(Array("GET / HT".utf8), port: port))
            // Nor do clients that hang up while their WebSocket upgrade is being decided (a
            // browser switching camera drops the socket it was opening).
            let upgrade = ["GET /api/v1/live?app=recognizer HTTP/1.1", "Host: localhost:\(port)", "Upgrade: websocket",
                           "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13"]
                .joined(separator: "\r\n") + "\r\n\r\n"
            for _ in 0 ..< 50 {
                let socket = try RawHTTPClient.openAfterSending(Array(upgrade.utf8), port: port)
                var reset = linger(l_onoff: 1, l_linger: 0)
                setsockopt(socket, SOL_SOCKET, SO_LINGER, &reset, socklen_t(MemoryLayout<linger>.size))
                close(socket)
            }
            let healthy = try await RawHTTPClient.send("GET /healthz HTTP/1.1\r\n\(host)Connection: close\r\n\r\n", port: port)
            XCTAssertEqual(healthy.status, 200)
            try await Task.sleep(for: .milliseconds(300))
        }
        let lines = recorder.lines
        XCTAssertEqual(lines.filter { $0.hasPrefix("error") || $0.hasPrefix("critical") }, [], "\(lines.suffix(20))")
        XCTAssertGreaterThanOrEqual(lines.filter { $0.contains("input was closed") }.count, 6,
                                    "each refused connection ended the upgrade's wait: \(lines.suffix(20))")
        XCTAssertGreaterThan(lines.filter { $0.contains("Upgrade ended as the client closed the connection") }.count, 0,
                             "a reset cut an upgrade short: \(lines.suffix(20))")
    }

    func testATLSConnectionThatNeverShakesHandsIsClosedAfterTheTimeLimit() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sightline-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let certificate = try SelfSignedCertificate.loadOrCreate(in: folder.appendingPathComponent("tls"), names: ["localhost"])
        let configuration = ServerConfiguration(port: 0, requestTimeout: .seconds(1), certificate: certificate)
        let server = WebServer(configuration: configuration, store: try SQLiteStore(directory: folder))
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        let application = try server.application { port in portContinuation.yield(port) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await application.runService() }
            var iterator = ports.makeAsyncIterator()
            let first = await iterator.next()
            let port = try XCTUnwrap(first)
            let started = Date()
            // The limit is 1 s and the grace 1 s; waiting 15 s tells closed from left open.
            let (_, closed) = try await RawHTTPClient.sendUntilClosed([], port: port, seconds: 15)
            let seconds = Date().timeIntervalSince(started)
            XCTAssertTrue(closed, "a connection that sends nothing is closed")
            XCTAssertGreaterThanOrEqual(seconds, 0.9, "not before the time limit")
            group.cancelAll()
        }
    }
}
