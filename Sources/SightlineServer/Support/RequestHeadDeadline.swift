// RequestHeadDeadline: the first request on a connection must have sent its whole head within
// the request time limit of the connection opening, or it is answered 408 `request_timeout`
// and closed. Hummingbird only times a connection once its first request head has been parsed
// (the WebSocket upgrade decides on that head first), so without this a client that sends
// nothing, or trickles its first head a byte at a time, would hold a connection for ever.
// Later requests on the connection are timed by the idle timeout and the request time limit.
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import SightlinePresentation

/// Wraps a connection's setup (plain or, under TLS, after the TLS handler) with the deadline.
struct RequestHeadDeadlineChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base
    let limit: Duration

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(RequestHeadDeadlineHandler(limit: limit))
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

/// Watches the bytes of the first request for the blank line that ends its head; removes itself
/// once it has passed, or answers 408 and closes the connection when the time is up.
final class RequestHeadDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let limit: TimeAmount
    private let response: String
    private var deadline: Scheduled<Void>?
    private var headEnd = HeadEndScanner()

    init(limit: Duration) {
        self.limit = TimeAmount(limit)
        response = Self.timeoutResponse(limit: limit)
    }

    /// The whole HTTP/1.1 answer: 408 `request_timeout` naming the limit, `Connection: close`,
    /// with the security headers every other answer carries.
    static func timeoutResponse(limit: Duration) -> String {
        let seconds = RequestTimeoutMiddleware<BasicRequestContext>.seconds(limit)
        let error = APIError(.requestTimeout, code: "request_timeout", message: """
            The request's head did not arrive within the request time limit of \(seconds) s \
            (--request-timeout-seconds) of the connection opening.
            """)
        let body = error.json.text
        let security = SecurityHeadersMiddleware<BasicRequestContext>.fields
            .map { "\($0.name.rawName): \($0.value)\r\n" }.joined()
        return "HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json; charset=utf-8\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n" + security + "\r\n" + body
    }

    func handlerAdded(context: ChannelHandlerContext) {
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: limit) { [self] in
            expire(context: context)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let complete = unwrapInboundIn(data).readableBytesView.contains { headEnd.consume($0) }
        context.fireChannelRead(data)
        if complete {
            deadline?.cancel()
            deadline = nil
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }

    private func expire(context: ChannelHandlerContext) {
        deadline = nil
        let answer = context.channel.allocator.buffer(string: response)
        context.writeAndFlush(wrapOutboundOut(answer)).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}

/// Finds the end of an HTTP/1 head: an empty line, ended by CRLF or, leniently, a bare LF, after
/// a request line (empty lines before it, which HTTP/1.1 lets a server ignore, do not count).
struct HeadEndScanner {
    private var inHead = false
    private var afterLineFeed = false
    private var afterLineFeedAndReturn = false

    /// Feeds one byte; true when it completes the blank line after the header lines.
    mutating func consume(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\n"):
            if inHead && (afterLineFeed || afterLineFeedAndReturn) { return true }
            afterLineFeed = true
            afterLineFeedAndReturn = false
        case UInt8(ascii: "\r") where afterLineFeed:
            afterLineFeed = false
            afterLineFeedAndReturn = true
        case UInt8(ascii: "\r"):
            afterLineFeed = false
            afterLineFeedAndReturn = false
        default:
            inHead = true
            afterLineFeed = false
            afterLineFeedAndReturn = false
        }
        return false
    }
}
