// RawHTTPClient: a request sent byte for byte over a TCP connection to the test server — for
// what the test client cannot send: a forged or missing Host header, a WebSocket upgrade, bytes
// that are not HTTP — and the answer's status, headers and body, or everything the server sent
// until it closed the connection.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What the server answered.
struct RawHTTPAnswer {
    /// The status line and header lines.
    let head: String
    let body: String

    var status: Int {
        Int(head.split(separator: " ", maxSplits: 2).dropFirst().first ?? "") ?? 0
    }

    /// The first header named `name` (case-insensitive).
    func header(_ name: String) -> String? {
        for line in head.components(separatedBy: "\r\n").dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == name.lowercased() {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }
}

enum RawHTTPClient {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Sends `request` as it is to `localhost:port` (on whichever loopback address the server
    /// bound) and reads the answer: to its Content-Length, to the end of the head for a 101, or
    /// until the server closes the connection.
    static func send(_ request: String, port: Int) async throws -> RawHTTPAnswer {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try exchange(request, port: port) }) }.start()
        }
    }

    /// Sends `bytes` (maybe none) and reads until the server closes the connection or `seconds`
    /// pass: the bytes it sent, and whether it closed the connection in that time.
    static func sendUntilClosed(_ bytes: [UInt8], port: Int, seconds: Int) async throws -> (bytes: [UInt8], closed: Bool) {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result {
                    let socket = try connect(port: port)
                    defer { close(socket) }
                    var timeout = timeval(tv_sec: seconds, tv_usec: 0)
                    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                    // The server may close before it has read everything: a failed send is not an error here.
                    _ = try? sendAll(bytes, on: socket)
                    var received: [UInt8] = []
                    var buffer = [UInt8](repeating: 0, count: 4096)
                    while true {
                        let count = recv(socket, &buffer, buffer.count, 0)
                        if count == 0 || (count < 0 && errno == ECONNRESET) { return (received, true) }
                        guard count > 0 else { return (received, false) }
                        received += buffer[..<count]
                    }
                })
            }.start()
        }
    }

    /// A connection that has sent `bytes` and is left open (a slow client): close it with `close(_:)`.
    static func openAfterSending(_ bytes: [UInt8], port: Int) throws -> Int32 {
        let socket = try connect(port: port)
        try sendAll(bytes, on: socket)
        return socket
    }

    private static func sendAll(_ bytes: [UInt8], on socket: Int32) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failure(description: "sending failed: errno \(errno)") }
            sent += count
        }
    }

    private static func exchange(_ request: String, port: Int) throws -> RawHTTPAnswer {
        let socket = try connect(port: port)
        defer { close(socket) }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        try sendAll(Array(request.utf8), on: socket)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !isComplete(received) {
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received += buffer[..<count]
        }
        let text = String(decoding: received, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { throw Failure(description: "no answer head in \(text.debugDescription)") }
        return RawHTTPAnswer(head: String(text[..<end.lowerBound]), body: String(text[end.upperBound...]))
    }

    private static func connect(port: Int) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var first: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo("localhost", String(port), &hints, &first) == 0, let first else {
            throw Failure(description: "localhost does not resolve")
        }
        defer { freeaddrinfo(first) }
        for entry in sequence(first: first, next: { $0.pointee.ai_next }) {
            let socket = Glibc.socket(entry.pointee.ai_family, entry.pointee.ai_socktype, entry.pointee.ai_protocol)
            guard socket >= 0 else { continue }
            if Glibc.connect(socket, entry.pointee.ai_addr, entry.pointee.ai_addrlen) == 0 { return socket }
            close(socket)
        }
        throw Failure(description: "cannot connect to localhost:\(port)")
    }

    /// Whether `bytes` hold a whole answer: a 101's head, or a head and Content-Length bytes.
    private static func isComplete(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return false }
        let answer = RawHTTPAnswer(head: String(text[..<end.lowerBound]), body: "")
        if answer.status == 101 { return true }
        guard let length = answer.header("Content-Length").flatMap(Int.init) else { return false }
        return text[end.upperBound...].utf8.count >= length
    }
}
