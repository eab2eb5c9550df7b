// LiveSocketLimitsTests: the live camera's WebSocket on a real server over loopback, with raw
// sockets — a frame the client did not mask is answered with a Close frame 1002 and the
// connection is closed; a socket on which nothing is sent for the idle time limit is closed
// with 1001; a socket over the limit of open ones is told `busy` and closed with 1013, and so
// is a frame that does not fit the memory budget; masked frames are read as before.
import Foundation
import HummingbirdTesting
@testable import SightlineServer
import XCTest

final class LiveSocketLimitsTests: XCTestCase {
    private static func upgradeRequest(port: Int) -> String {
        ["GET /api/v1/live?app=recognizer HTTP/1.1", "Host: localhost:\(port)", "Upgrade: websocket", "Connection: Upgrade",
         "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13"].joined(separator: "\r\n") + "\r\n\r\n"
    }

    /// A client's frame: FIN, `opcode`, masked with `mask` when given.
    private static func frame(opcode: UInt8, payload: [UInt8], mask: [UInt8]?) -> [UInt8] {
        var bytes: [UInt8] = [0x80 | opcode, UInt8(payload.count) | (mask == nil ? 0 : 0x80)]
        if let mask {
            bytes += mask
            bytes += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        } else {
            bytes += payload
        }
        return bytes
    }

    /// The bytes after the 101 head.
    private static func afterUpgrade(_ bytes: [UInt8]) throws -> [UInt8] {
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        let head = try XCTUnwrap((0 ... max(0, bytes.count - 4)).first { Array(bytes[$0 ..< min($0 + 4, bytes.count)]) == end },
                                 "no head in \(bytes.prefix(200))")
        XCTAssertTrue(String(decoding: bytes.prefix(12), as: UTF8.self).hasPrefix("HTTP/1.1 101"), "\(bytes.prefix(200))")
        return Array(bytes[(head + 4)...])
    }

    func testAnUnmaskedFrameClosesTheSocketWith1002() async throws {
        try await ServerTestSupport.withServer { client, _ in
            let port = try XCTUnwrap(client.port)
            let request = Array(Self.upgradeRequest(port: port).utf8) + Self.frame(opcode: 0x2, payload: Array("abc".utf8), mask: nil)
            let (bytes, closed) = try await RawHTTPClient.sendUntilClosed(request, port: port, seconds: 20)
            XCTAssertTrue(closed, "the server closes the connection")
            let frames = try Self.afterUpgrade(bytes)
            XCTAssertEqual(Array(frames.prefix(4)), [0x88, 0x02, 0x03, 0xEA], "a Close frame with 1002, protocol error")
        }
    }

    func testAMaskedTextFrameIsReadAndAnswered() async throws {
        try await ServerTestSupport.withServer(ServerConfiguration(port: 0, idleTimeout: .seconds(1))) { client, _ in
            let port = try XCTUnwrap(client.port)
            let request = Array(Self.upgradeRequest(port: port).utf8)
                + Self.frame(opcode: 0x1, payload: Array("hello".utf8), mask: [0x12, 0x34, 0x56, 0x78])
            let (bytes, _) = try await RawHTTPClient.sendUntilClosed(request, port: port, seconds: 5)
            let frames = String(decoding: try Self.afterUpgrade(bytes), as: UTF8.self)
            XCTAssertTrue(frames.contains("Send each frame as one binary message holding a JPEG."), frames)
        }
    }

    func testASilentSocketIsClosedWith1001AfterTheIdleLimit() async throws {
        try await ServerTestSupport.withServer(ServerConfiguration(port: 0, idleTimeout: .seconds(1))) { client, _ in
            let port = try XCTUnwrap(client.port)
            // Nothing is sent after the upgrade; within 1-2 s of silence the server says Close 1001.
            let (bytes, _) = try await RawHTTPClient.sendUntilClosed(Array(Self.upgradeRequest(port: port).utf8), port: port,
                                                                     seconds: 6)
            let frames = try Self.afterUpgrade(bytes)
            XCTAssertGreaterThanOrEqual(frames.count, 4, "a Close frame: \(frames)")
            XCTAssertEqual(Array(frames.prefix(1)), [0x88], "\(frames)")
            XCTAssertEqual(Array(frames.dropFirst(2).prefix(2)), [0x03, 0xE9], "status 1001, going away: \(frames)")
            XCTAssertTrue(String(decoding: frames.dropFirst(4), as: UTF8.self).hasPrefix("idle"), "\(frames)")
        }
    }

    func testASocketOverTheLimitIsToldBusyAndClosedWith1013() async throws {
        let configuration = ServerConfiguration(port: 0, maxLiveSockets: 1, idleTimeout: .seconds(1))
        try await ServerTestSupport.withServer(configuration) { client, _ in
            let port = try XCTUnwrap(client.port)
            let upgrade = Array(Self.upgradeRequest(port: port).utf8)
            let first = try RawHTTPClient.openAfterSending(upgrade, port: port)
            var timeout = timeval(tv_sec: 20, tv_usec: 0)
            setsockopt(first, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var head: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 1024)
            while !String(decoding: head, as: UTF8.self).contains("\r\n\r\n") {
                let count = recv(first, &buffer, buffer.count, 0)
                guard count > 0 else { break }
                head += buffer[..<count]
            }
            XCTAssertTrue(String(decoding: head, as: UTF8.self).hasPrefix("HTTP/1.1 101"), "the first socket opens")
            try await Task.sleep(for: .milliseconds(300))
            let (bytes, closed) = try await RawHTTPClient.sendUntilClosed(upgrade, port: port, seconds: 10)
            XCTAssertTrue(closed, "the second socket is closed")
            let frames = try Self.afterUpgrade(bytes)
            XCTAssertEqual(frames.first, 0x81, "a text frame first: \(frames.prefix(8))")
            let text = String(decoding: frames, as: UTF8.self)
            XCTAssertTrue(text.contains("\"busy\"") && text.contains("1 connections"), text)
            // The text frame's length is in its second byte, or (126) in the two bytes after it.
            let (header, length) = frames[1] == 126 ? (4, Int(frames[2]) << 8 | Int(frames[3])) : (2, Int(frames[1]))
            let close = Array(frames.dropFirst(header + length))
            XCTAssertEqual(close.first, 0x88, "a Close frame after the text: \(close)")
            XCTAssertEqual(Array(close.dropFirst(2).prefix(2)), [0x03, 0xF5], "status 1013, try again later")
            // Once the first socket is closed, its place is free again: a new socket is served
            // (and closed as idle after the limit, not as busy).
            Glibc.close(first)
            try await Task.sleep(for: .milliseconds(300))
            let (again, _) = try await RawHTTPClient.sendUntilClosed(upgrade, port: port, seconds: 6)
            let againFrames = try Self.afterUpgrade(again)
            XCTAssertFalse(String(decoding: againFrames, as: UTF8.self).contains("busy"), "\(againFrames)")
            XCTAssertEqual(Array(againFrames.dropFirst(2).prefix(2)), [0x03, 0xE9], "closed as idle: \(againFrames)")
        }
    }

    func testAFrameThatDoesNotFitTheMemoryBudgetIsAnsweredBusy() async throws {
        let configuration = ServerConfiguration(port: 0, maxMemoryBytes: 100, idleTimeout: .seconds(1))
        try await ServerTestSupport.withServer(configuration) { client, _ in
            let port = try XCTUnwrap(client.port)
            // 100 bytes count as 200 against a budget of 100.
            let request = Array(Self.upgradeRequest(port: port).utf8)
                + Self.frame(opcode: 0x2, payload: [UInt8](repeating: 0xFF, count: 100), mask: [1, 2, 3, 4])
            let (bytes, _) = try await RawHTTPClient.sendUntilClosed(request, port: port, seconds: 6)
            let text = String(decoding: try Self.afterUpgrade(bytes), as: UTF8.self)
            XCTAssertTrue(text.contains("{\"frame\": 1, \"error\": {\"code\": \"busy\""), text)
        }
    }

    func testTheFrameScannerFollowsLengthsAcrossPieces() {
        var scanner = FrameHeaderScanner()
        let masked = Self.frame(opcode: 0x2, payload: [UInt8](repeating: 7, count: 100), mask: [1, 2, 3, 4])
        var long: [UInt8] = [0x82, 0x80 | 126, 0x01, 0x00, 9, 9, 9, 9] + [UInt8](repeating: 0, count: 256)
        long += masked
        for piece in stride(from: 0, to: long.count, by: 37).map({ Array(long[$0 ..< min($0 + 37, long.count)]) }) {
            XCTAssertFalse(scanner.findsUnmaskedFrame(in: piece), "masked frames, 16-bit length, in pieces")
        }
        XCTAssertTrue(scanner.findsUnmaskedFrame(in: [0x81, 0x05]), "an unmasked frame after them")
    }
}
