// FirstRequestPipeline: the handlers that read a connection's first bytes — the head deadline
// (`RequestHeadDeadlineHandler`), NIO's HTTP/1.1 decoder and encoder, and the first request's
// error answers (`FirstRequestErrorHandler`) — in the order the server puts them, for a channel
// that has no WebSocket upgrade in front of the HTTP handlers (the request-head fuzz target's
// embedded channel). The server itself adds the same handlers around Hummingbird's upgrade
// pipeline in `RequestHeadDeadlineChannel`.
package import NIOCore
import NIOHTTP1

package enum FirstRequestPipeline {
    /// Adds the handlers to `channel`'s pipeline, the deadline `limit` after now.
    package static func configure(_ channel: any Channel, limit: Duration) throws {
        let operations = channel.pipeline.syncOperations
        try operations.addHandler(RequestHeadDeadlineHandler(limit: limit))
        try operations.configureHTTPServerPipeline(withPipeliningAssistance: false, withErrorHandling: false)
        try operations.addHandler(FirstRequestErrorHandler())
    }
}
