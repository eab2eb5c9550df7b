// ClosedUpgradeLogHandler: a client that closes its connection while the WebSocket upgrade is
// deciding (a browser that switches camera and drops the socket it was opening, a tab closed
// mid-request) is not a server error. Hummingbird's WebSocket channel logs any failure of the
// upgrade other than "input closed" as "Error handling upgrade result"; when the peer goes away
// after its first request head, NIO's upgrade handler is removed with the closed channel and
// fails with "inappropriate operation for state". For the connection it wraps, this handler
// turns exactly that failure, on a channel that is no longer active, into the trace-level line
// Hummingbird writes for a client that hangs up earlier; every other line passes unchanged.
import Logging
import NIOCore

struct ClosedUpgradeLogHandler: LogHandler {
    /// What Hummingbird logs when the upgrade's result is a failure.
    static let upgradeFailure = "Error handling upgrade result"
    /// The failure NIO's upgrade handler reports when it is removed before it finished.
    static let removedWhileUpgrading = "\(ChannelError.inappropriateOperationForState)"

    var base: any LogHandler
    let channel: any Channel

    /// `logger` with its lines about `channel`'s upgrade judged by this handler.
    static func logger(_ logger: Logger, for channel: any Channel) -> Logger {
        var wrapped = logger
        wrapped.handler = ClosedUpgradeLogHandler(base: logger.handler, channel: channel)
        return wrapped
    }

    func log(event: LogEvent) {
        var event = event
        if event.level == .error, event.message.description == Self.upgradeFailure,
           event.metadata?["error.type"] == .string(Self.removedWhileUpgrading), !channel.isActive {
            event.level = .trace
            event.message = "Upgrade ended as the client closed the connection"
            guard base.logLevel <= .trace else { return }
        }
        base.log(event: event)
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { base[metadataKey: key] }
        set { base[metadataKey: key] = newValue }
    }

    var metadata: Logger.Metadata {
        get { base.metadata }
        set { base.metadata = newValue }
    }

    var metadataProvider: Logger.MetadataProvider? {
        get { base.metadataProvider }
        set { base.metadataProvider = newValue }
    }

    var logLevel: Logger.Level {
        get { base.logLevel }
        set { base.logLevel = newValue }
    }
}
