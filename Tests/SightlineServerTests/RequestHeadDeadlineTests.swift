// RequestHeadDeadlineTests: the deadline for a connection's first request head, on an embedded
// channel with a clock the test moves — a head that arrives in time (whole, in pieces, with bare
// LFs) lets every byte through and removes the deadline; silence, a trickled head or only empty
// lines are answered 408 naming the limit, with the security headers, and the connection is
// closed; a request line past 8 KiB is answered 414 and closed without being passed on.
import Foundation
import NIOCore
import NIOEmbedded
@testable import SightlineServer
import XCTest

final class RequestHeadDeadlineTests: XCTestCase {
    private let limit = Duration.seconds(2)

    private func channel() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(RequestHeadDeadlineHandler(limit: limit))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).wait()
        return channel
    }

    private func send(_ text: String, on channel: EmbeddedChannel) throws {
        try channel.writeInbound(channel.allocator.buffer(string: text))
    }

    private func received(_ channel: EmbeddedChannel) throws -> String {
        var text = ""
        while var buffer = try channel.readInbound(as: ByteBuffer.self) {
            text += buffer.readString(length: buffer.readableBytes) ?? ""
        }
        return text
    }

    private func answered(_ channel: EmbeddedChannel) throws -> String? {
        guard var buffer = try channel.readOutbound(as: ByteBuffer.self) else { return nil }
        return buffer.readString(length: buffer.readableBytes)
    }

    private func assertTimedOut(_ channel: EmbeddedChannel, file: StaticString = #filePath, line: UInt = #line) throws {
        let answer = try XCTUnwrap(try answered(channel), "no answer at the deadline", file: file, line: line)
        let parts = answer.components(separatedBy: "\r\n\r\n")
        XCTAssertEqual(parts.count, 2, answer, file: file, line: line)
        XCTAssertTrue(parts[0].hasPrefix("HTTP/1.1 408 Request Timeout\r\n"), answer, file: file, line: line)
        XCTAssertTrue(parts[0].contains("\r\nConnection: close"), answer, file: file, line: line)
        XCTAssertTrue(parts[0].contains("\r\nContent-Length: \(parts[1].utf8.count)"), answer, file: file, line: line)
        XCTAssertTrue(parts[0].contains("\r\nContent-Security-Policy: default-src 'self';"), answer, file: file, line: line)
        XCTAssertTrue(parts[0].contains("\r\nX-Frame-Options: DENY"), answer, file: file, line: line)
        let body = try JSONSerialization.jsonObject(with: Data(parts[1].utf8)) as? [String: [String: String]]
        XCTAssertEqual(body?["error"]?["code"], "request_timeout", file: file, line: line)
        XCTAssertTrue(body?["error"]?["message"]?.contains("request time limit of 2 s (--request-timeout-seconds)") == true,
                      answer, file: file, line: line)
        XCTAssertFalse(channel.isActive, "the connection is closed", file: file, line: line)
    }

    func testAHeadThatArrivesInTimePassesAndRemovesTheDeadline() throws {
        let channel = try channel()
        try send("GET /healthz HTTP/1.1\r\nHost: local", on: channel)
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        try send("host\r\n\r\nGET /next HTTP/1.1\r\n", on: channel)
        XCTAssertEqual(try received(channel), "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\nGET /next HTTP/1.1\r\n")
        XCTAssertThrowsError(try channel.pipeline.syncOperations.handler(type: RequestHeadDeadlineHandler.self))
        channel.embeddedEventLoop.advanceTime(by: .seconds(10))
        XCTAssertNil(try answered(channel))
        XCTAssertTrue(channel.isActive)
        _ = try channel.finish()
    }

    func testAHeadEndedByBareLineFeedsCounts() throws {
        let channel = try channel()
        try send("GET / HTTP/1.1\nHost: localhost\n", on: channel)
        try send("\n", on: channel)
        channel.embeddedEventLoop.advanceTime(by: .seconds(10))
        XCTAssertNil(try answered(channel))
        XCTAssertTrue(channel.isActive)
        _ = try channel.finish()
    }

    func testSilenceIsAnswered408AtTheDeadlineAndClosed() throws {
        let channel = try channel()
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1999))
        XCTAssertNil(try answered(channel))
        XCTAssertTrue(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        try assertTimedOut(channel)
    }

    func testATrickledHeadIsCutOffAtTheDeadline() throws {
        let channel = try channel()
        for byte in "GET /healthz HTTP/1.1\r\nHost: localhost\r\nUser-Agent: slow\r\n".utf8 {
            try channel.writeInbound(channel.allocator.buffer(bytes: [byte]))
            channel.embeddedEventLoop.advanceTime(by: .milliseconds(50))
        }
        try assertTimedOut(channel)
    }

    func testEmptyLinesBeforeTheRequestLineDoNotCountAsAHead() throws {
        let channel = try channel()
        try send("\r\n\r\n\n\n", on: channel)
        channel.embeddedEventLoop.advanceTime(by: .seconds(2))
        try assertTimedOut(channel)
    }

    func testARequestLineOverItsLimitIsAnswered414AndClosed() throws {
        let channel = try channel()
        let start = "GET /" + String(repeating: "a", count: 8000)
        try send(start, on: channel)
        XCTAssertNil(try answered(channel))
        XCTAssertTrue(channel.isActive)
        try send(String(repeating: "a", count: 500) + " HTTP/1.1\r\n\r\n", on: channel)
        let answer = try XCTUnwrap(try answered(channel))
        XCTAssertTrue(answer.hasPrefix("HTTP/1.1 414 URI Too Long\r\n"), answer)
        XCTAssertTrue(answer.contains("\r\nConnection: close\r\n"), answer)
        XCTAssertTrue(answer.contains("\"uri_too_long\""), answer)
        XCTAssertTrue(answer.contains("longer than 8192 bytes"), answer)
        XCTAssertEqual(try received(channel), start, "the bytes past the limit are not passed on")
        XCTAssertFalse(channel.isActive)
    }

    func testHeadEndScannerCountsTheRequestLine() {
        var scanner = HeadEndScanner()
        for byte in "\r\nGET /x HTTP/1.1\r\nHost: a\r\n".utf8 { _ = scanner.consume(byte) }
        XCTAssertEqual(scanner.requestLineBytes, "GET /x HTTP/1.1".utf8.count, "empty lines before it and the headers do not count")
    }

    func testHeadEndScannerFindsTheBlankLineOnly() {
        func end(_ text: String) -> Int? {
            var scanner = HeadEndScanner()
            return Array(text.utf8).firstIndex { scanner.consume($0) }
        }
        XCTAssertEqual(end("GET / HTTP/1.1\r\n\r\nbody"), 17)
        XCTAssertEqual(end("GET / HTTP/1.1\r\nA: b\r\n\r\n"), 23)
        XCTAssertEqual(end("GET / HTTP/1.1\nA: b\n\n"), 20)
        XCTAssertEqual(end("\r\nGET / HTTP/1.1\r\n\r\n"), 19)
        XCTAssertNil(end("GET / HTTP/1.1\r\nA: b\r\n"))
        XCTAssertNil(end("GET / HTTP/1.1\r\nA: b\r\r\n"))
        XCTAssertNil(end("\r\n\r\n"))
    }
}

