// ClosedUpgradeLogHandlerTests: the line Hummingbird logs when a WebSocket upgrade fails because
// NIO's upgrade handler was removed is an error while the connection is open and a trace line
// once the client has closed it; other lines, levels and failures pass unchanged, and a logger
// above trace drops the downgraded line.
import Logging
import NIOCore
import NIOEmbedded
@testable import SightlineServer
import XCTest

final class ClosedUpgradeLogHandlerTests: XCTestCase {
    private func logUpgradeFailure(_ logger: Logger, _ error: any Error) {
        // The call Hummingbird's HTTP1WebSocketUpgradeChannel.handle(value:logger:) makes.
        logger.error("Error handling upgrade result", metadata: ["error.type": .string("\(error)")])
    }

    func testAClientClosingDuringTheUpgradeIsATraceLine() throws {
        let recorder = LogRecorder()
        let channel = EmbeddedChannel()
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).wait()
        let logger = ClosedUpgradeLogHandler.logger(recorder.logger, for: channel)

        logUpgradeFailure(logger, ChannelError.inappropriateOperationForState)
        logger.info("request")
        XCTAssertEqual(recorder.lines.map { String($0.prefix(5)) }, ["error", "info "], "the connection is still open: \(recorder.lines)")

        _ = try channel.finish()
        XCTAssertFalse(channel.isActive)
        logUpgradeFailure(logger, ChannelError.inappropriateOperationForState)
        logUpgradeFailure(logger, ChannelError.ioOnClosedChannel)
        logger.error("something else")
        let lines = Array(recorder.lines.dropFirst(2))
        XCTAssertEqual(lines.count, 3, "\(lines)")
        XCTAssertTrue(lines[0].hasPrefix("trace Upgrade ended as the client closed the connection"), lines[0])
        XCTAssertTrue(lines[1].hasPrefix("error Error handling upgrade result"), "another failure stays an error: \(lines[1])")
        XCTAssertTrue(lines[2].hasPrefix("error something else"), lines[2])
    }

    func testALoggerAboveTraceDropsTheLine() throws {
        let recorder = LogRecorder()
        var base = recorder.logger
        base.logLevel = .info
        let channel = EmbeddedChannel()
        _ = try channel.finish()
        let logger = ClosedUpgradeLogHandler.logger(base, for: channel)
        logUpgradeFailure(logger, ChannelError.inappropriateOperationForState)
        logger.info("kept")
        XCTAssertEqual(recorder.lines.count, 1, "\(recorder.lines)")
        XCTAssertTrue(recorder.lines[0].hasPrefix("info kept"))
        XCTAssertEqual(logger.logLevel, .info)
    }
}
