// RequestHeadDeadline: the first request on a connection must have sent its whole head within
// the request time limit of the connection opening, or it is answered 408 `request_timeout`
// and closed; a request line longer than the limit is answered 414 `uri_too_long` and closed
// as soon as it passes the limit. Hummingbird only times a connection once its first request
// head has been parsed (the WebSocket upgrade decides on that head first), so without this a
// client that sends nothing, or trickles its first head a byte at a time, would hold a
// connection for ever. The clock starts when the connection is accepted: under TLS, before the
// handshake, and a connection whose handshake never finishes cannot be answered, so it is
// closed a second after its deadline whether or not the answer went out. The first request's
// parse errors are answered by `FirstRequestErrorHandler`; later requests on the connection are
// timed by the idle timeout and the request time limit.
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import SightlinePresentation

/// Wraps a connection's setup (plain or, under TLS, after the TLS handler) with the deadline in
/// front of the HTTP decoder and the first request's error answers behind it.
struct RequestHeadDeadlineChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base
    let limit: Duration

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(RequestHeadDeadlineHandler(limit: limit))
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }.flatMapThrowing { value in
            try channel.pipeline.syncOperations.addHandler(FirstRequestErrorHandler())
            return value
        }
    }

    /// Handles the connection with a logger that does not report a client closing during the
    /// WebSocket upgrade as an error (`ClosedUpgradeLogHandler`).
    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: ClosedUpgradeLogHandler.logger(logger, for: value.channel))
    }
}

/// Watches the bytes of the first request for the blank line that ends its head; removes itself
/// once it has passed, or answers 408 and closes the connection when the time is up (414 when
/// the request line grows past its limit first).
final class RequestHeadDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// How long after its deadline a connection whose answer could not be written (a TLS
    /// handshake that never finished) is closed anyway.
    static let closingGrace = TimeAmount.seconds(1)

    private let limit: TimeAmount
    private let response: String
    private var deadline: Scheduled<Void>?
    private var headEnd = HeadEndScanner()
    private var answered = false

    init(limit: Duration) {
        self.limit = TimeAmount(limit)
        response = Self.rawAnswer(Self.timeoutError(limit: limit))
    }

    /// 408 `request_timeout` naming the limit.
    static func timeoutError(limit: Duration) -> APIError {
        let seconds = RequestTimeoutMiddleware<BasicRequestContext>.seconds(limit)
        return APIError(.requestTimeout, code: "request_timeout", message: """
            The request's head did not arrive within the request time limit of \(seconds) s \
            (--request-timeout-seconds) of the connection opening.
            """)
    }

    /// The whole HTTP/1.1 answer for `error`: its status, `Connection: close`, and the security
    /// headers every other answer carries.
    static func rawAnswer(_ error: APIError) -> String {
        let body = error.body
        let security = SecurityHeadersMiddleware<BasicRequestContext>.fields
            .map { "\($0.name.rawName): \($0.value)\r\n" }.joined()
        return "HTTP/1.1 \(error.status.code) \(error.status.reasonPhrase)\r\nContent-Type: application/json; charset=utf-8\r\n"
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
        guard !answered else { return }
        var complete = false, tooLong = false
        for byte in unwrapInboundIn(data).readableBytesView {
            if headEnd.consume(byte) {
                complete = true
                break
            }
            if headEnd.requestLineBytes > RequestHeadLimits.requestLineBytes {
                tooLong = true
                break
            }
        }
        if tooLong {
            answerAndClose(context: context, Self.rawAnswer(RequestHeadLimits.uriTooLong))
            return
        }
        context.fireChannelRead(data)
        if complete {
            deadline?.cancel()
            deadline = nil
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }

    private func expire(context: ChannelHandlerContext) {
        deadline = nil
        answerAndClose(context: context, response)
    }

    /// Writes `text` and closes the connection once it is out, or after `closingGrace` if it
    /// cannot be written; nothing more the client sends is read.
    private func answerAndClose(context: ChannelHandlerContext, _ text: String) {
        answered = true
        deadline?.cancel()
        deadline = nil
        Self.close(context, once: context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(string: text))))
    }

    /// Closes `context`'s connection once `answer` is written, or `closingGrace` later if it never
    /// is (an answer cannot go out before a TLS handshake that never comes); the WebSocket
    /// upgrade's wait for a first request is ended first (`UpgradeWaitEnding`).
    static func close(_ context: ChannelHandlerContext, once answer: EventLoopFuture<Void>) {
        let grace = context.eventLoop.assumeIsolated().scheduleTask(in: closingGrace) {
            UpgradeWaitEnding.end(in: context.pipeline)
            context.close(promise: nil)
        }
        answer.assumeIsolated().whenComplete { _ in
            grace.cancel()
            UpgradeWaitEnding.end(in: context.pipeline)
            context.close(promise: nil)
        }
    }
}

/// Finds the end of an HTTP/1 head: an empty line, ended by CRLF or, leniently, a bare LF, after
/// a request line (empty lines before it, which HTTP/1.1 lets a server ignore, do not count);
/// and counts the request line's bytes.
struct HeadEndScanner {
    private var inHead = false
    private var afterLineFeed = false
    private var afterLineFeedAndReturn = false
    private var requestLineEnded = false
    /// The bytes of the request line so far, its line end not counted.
    private(set) var requestLineBytes = 0

    /// Feeds one byte; true when it completes the blank line after the header lines.
    mutating func consume(_ byte: UInt8) -> Bool {
        if inHead && !requestLineEnded && byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\r") {
            requestLineBytes += 1
        }
        switch byte {
        case UInt8(ascii: "\n"):
            if inHead && (afterLineFeed || afterLineFeedAndReturn) { return true }
            if inHead { requestLineEnded = true }
            afterLineFeed = true
            afterLineFeedAndReturn = false
        case UInt8(ascii: "\r") where afterLineFeed:
            afterLineFeed = false
            afterLineFeedAndReturn = true
        case UInt8(ascii: "\r"):
            afterLineFeed = false
            afterLineFeedAndReturn = false
        default:
            if !inHead { requestLineBytes = 1 }
            inHead = true
            afterLineFeed = false
            afterLineFeedAndReturn = false
        }
        return false
    }
}
