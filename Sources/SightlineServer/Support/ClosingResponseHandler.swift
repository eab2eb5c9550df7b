// ClosingResponseHandler: an answer that says `Connection: close` (a request past the time limit,
// an upload refused for memory, broken chunked framing) really ends the connection. Hummingbird
// keeps a connection open after any answer unless the *request* asked to close, reading and
// dropping the rest of an unread body. This handler, between the HTTP codec and Hummingbird,
// watches the answers: once the end of one with `Connection: close` is written, it shuts the
// output (the client sees the end of the answer, then the end of the stream) while the input is
// still read and dropped until the client closes its side or the idle timeout does — closing
// both ways at once would reset a connection whose client is still sending, and a reset can
// destroy the answer before the client reads it.
import HTTPTypes
import NIOCore
import NIOHTTPTypes

final class ClosingResponseHandler: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var closeAfterAnswer = false

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let response):
            if response.status.kind != .informational {
                closeAfterAnswer = response.headerFields[.connection]?.lowercased() == "close"
            }
            context.write(data, promise: promise)
        case .end where closeAfterAnswer:
            let written = promise ?? context.eventLoop.makePromise()
            context.write(data, promise: written)
            written.futureResult.assumeIsolated().whenSuccess {
                context.close(mode: .output, promise: nil)
            }
        case .body, .end:
            context.write(data, promise: promise)
        }
    }
}
