// FuzzRequestHead: libFuzzer target for what reads a connection's first bytes, on an embedded
// channel with the server's first-request handlers (`FirstRequestPipeline`): the head
// deadline's scanner (the blank line that ends the head, the request line's length), NIO's
// HTTP/1.1 decoder — request line, header fields, Content-Length and chunked bodies — and the
// first request's error answers. The first input byte chooses how the rest is cut into reads
// (1 to 256 bytes each), so heads and chunk sizes split across reads are tried too. Whatever the
// server writes back must be an HTTP/1.1 answer of 400, 408, 414 or 431, after which the
// connection is closed; a trap, a sanitizer report or a hang is a finding.
import FuzzSupport
import NIOCore
import NIOEmbedded
import NIOHTTP1
import SightlineServer

@main
enum FuzzRequestHeadMain {
    static func main() { LibFuzzer.run(fuzzRequestHead) }
}

private let answers: Set<String> = ["400", "408", "414", "431"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestHead(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let input = UnsafeBufferPointer(start: bytes, count: count)
    let piece = Int(input[0]) + 1
    let channel = EmbeddedChannel()
    do {
        try FirstRequestPipeline.configure(channel, limit: .seconds(30))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).wait()
    } catch {
        preconditionFailure("the pipeline could not be set up: \(error)")
    }
    var start = 1
    while start < count, channel.isActive {
        let end = min(count, start + piece)
        do {
            try channel.writeInbound(ByteBuffer(bytes: input[start ..< end]))
        } catch {
            // An error after the first request's head reaches the end of this pipeline, where the
            // server's HTTP handler would answer it; the first request's own are answered above.
        }
        start = end
        // The server's handlers take each request part as it comes; parts left queued here would
        // keep slices of the decoder's buffer alive, so that every read copied it (a harness
        // slowdown quadratic in the body, not the server's).
        while (try? channel.readInbound(as: HTTPServerRequestPart.self)) != nil {}
    }
    channel.embeddedEventLoop.advanceTime(by: .seconds(32))
    var written = ByteBuffer()
    while var part = try? channel.readOutbound(as: ByteBuffer.self) {
        written.writeBuffer(&part)
    }
    if written.readableBytes > 0 {
        let head = written.readString(length: min(written.readableBytes, 12)) ?? ""
        precondition(head.hasPrefix("HTTP/1.1 ") && answers.contains(String(head.dropFirst(9).prefix(3))),
                     "the server wrote something other than a 400, 408, 414 or 431 answer: \(head.debugDescription)")
        precondition(!channel.isActive, "the connection stayed open after an answer")
    }
    while (try? channel.readInbound(as: HTTPServerRequestPart.self)) != nil {}
    _ = try? channel.finish()
    return 0
}
