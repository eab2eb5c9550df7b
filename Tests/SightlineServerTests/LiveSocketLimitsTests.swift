// LiveSocketLimitsTests: the live camera's WebSocket on a real server over loopback, with raw
// sockets — a frame the client did not mask is answered with a Close frame 1002 and the
// connection is closed; a socket on which nothing is sent for the idle time limit is closed
// with 1001; masked frames are read as before.
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
