// FirstRequestErrorHandler: a connection's first request that the HTTP/1.1 decoder cannot read —
// an unknown or lower-case method, HTTP/0.9 or an HTTP/2 preface, a NUL or a space where none
// belongs, Content-Length with Transfer-Encoding, two lengths, a length past 2^64, header fields
// over `RequestHeadLimits` — is answered 400 `bad_request` (431 `headers_too_large` for fields
// over the limits) with `Connection: close`, and the connection is closed. Hummingbird's WebSocket
// upgrade waits for the first head before it hands the connection to the HTTP handler, so a
// decoder error there reached no one: the client got no answer and the connection stayed open.
// The handler sits behind the decoder and removes itself when the first message passes it (the
// first request's head); errors of later requests and of bodies are Hummingbird's and
// `APIError`'s. When the first request upgrades the connection to a WebSocket, it hands its
// place, in front of the WebSocket decoder, to `MaskedFrameGuard`.
import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTP1
import SightlinePresentation

final class FirstRequestErrorHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private var answered = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        context.fireUserInboundEventTriggered(event)
        if case .upgradeComplete = event as? HTTPServerUpgradeEvents {
            // The upgrade has put the WebSocket decoder behind this handler, and the bytes that
            // came with the upgrade request follow this event.
            try? context.pipeline.syncOperations.addHandler(MaskedFrameGuard(), position: .after(self))
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        guard !answered else { return }
        answered = true
        let answer = Self.answer(for: parserError)
        let body = context.channel.allocator.buffer(string: answer.body)
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        headers.add(name: "Connection", value: "close")
        for field in SecurityHeadersMiddleware<BasicRequestContext>.fields {
            headers.add(name: field.name.rawName, value: field.value)
        }
        let status = HTTPResponseStatus(statusCode: answer.status.code, reasonPhrase: answer.status.reasonPhrase)
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        RequestHeadDeadlineHandler.close(context, once: context.writeAndFlush(wrapOutboundOut(.end(nil))))
    }

    /// 431 for header fields over the limits, 400 naming what the decoder found otherwise.
    static func answer(for error: HTTPParserError) -> APIError {
        if error == .headerOverflow { return RequestHeadLimits.headersTooLarge }
        return APIError(.badRequest, code: "bad_request",
                        message: "The request is not valid HTTP/1.1 (\(error)); the connection is closed.",
                        headers: [.connection: "close"])
    }
}
