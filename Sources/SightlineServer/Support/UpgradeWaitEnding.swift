// UpgradeWaitEnding: tells the WebSocket upgrade of a connection the server is closing before a
// first request got through that no request will come. Hummingbird's WebSocket channel waits
// for the first request head to decide between an upgrade and plain HTTP; when the server
// closes such a connection itself (a 408 at the head deadline, a 414, a 400 or 431 for a first
// request the decoder could not read), the upgrade handler is removed while still waiting and
// fails its wait with "inappropriate operation for state", which Hummingbird logs as an error
// ("Error handling upgrade result") for what is an ordinary, answered refusal. Delivered first,
// "input closed" ends the wait the way a client hanging up does, which Hummingbird logs at trace
// level only.
import HummingbirdWebSocket
import NIOCore
import NIOHTTP1

enum UpgradeWaitEnding {
    typealias UpgradeHandler = NIOTypedHTTPServerUpgradeHandler<HTTP1WebSocketUpgradeChannel.UpgradeResult>

    /// Ends the wait of the upgrade handler in `pipeline`, if there is one still waiting. Must be
    /// called on the channel's event loop.
    static func end(in pipeline: ChannelPipeline) {
        let operations = pipeline.syncOperations
        guard let handler = try? operations.handler(type: UpgradeHandler.self),
              let context = try? operations.context(handlerType: UpgradeHandler.self) else { return }
        handler.userInboundEventTriggered(context: context, event: ChannelEvent.inputClosed)
    }
}
