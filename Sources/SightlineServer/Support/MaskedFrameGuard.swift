// MaskedFrameGuard: RFC 6455 §5.1 — every frame a client sends must be masked, and a server must
// close the connection on one that is not. The WebSocket decoder unmasks masked frames and takes
// unmasked ones as they are, so this handler, put in front of it when a connection is upgraded
// (`FirstRequestErrorHandler` does), reads the frame headers in the raw bytes: on an unmasked
// frame it sends a Close frame with status 1002 (protocol error) and closes the connection, and
// nothing of that frame reaches the live camera's handler. Every other byte passes unchanged.
import NIOCore

final class MaskedFrameGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private var scanner = FrameHeaderScanner()
    private var refused = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        if scanner.findsUnmaskedFrame(in: unwrapInboundIn(data).readableBytesView) {
            refused = true
            // An unmasked Close frame from the server: status 1002, protocol error.
            let close = context.channel.allocator.buffer(bytes: [0x88, 0x02, 0x03, 0xEA])
            context.writeAndFlush(wrapOutboundOut(close)).assumeIsolated().whenComplete { _ in
                context.close(promise: nil)
            }
            return
        }
        context.fireChannelRead(data)
    }
}

/// Follows WebSocket frames through a byte stream — header, then payload skipped — and reports
/// the first frame whose mask bit is clear.
struct FrameHeaderScanner {
    /// The current header's bytes so far (at most 14: 2, a 2- or 8-byte length, a 4-byte mask key).
    private var header: [UInt8] = []
    /// Payload bytes of the current frame still to skip.
    private var payloadLeft: UInt64 = 0

    /// Feeds `bytes`; true as soon as a frame header without the mask bit is complete enough to tell.
    mutating func findsUnmaskedFrame(in bytes: some Collection<UInt8>) -> Bool {
        var index = bytes.startIndex
        while index != bytes.endIndex {
            if payloadLeft > 0 {
                let skip = Int(min(payloadLeft, UInt64(bytes.distance(from: index, to: bytes.endIndex))))
                index = bytes.index(index, offsetBy: skip)
                payloadLeft -= UInt64(skip)
                continue
            }
            header.append(bytes[index])
            index = bytes.index(after: index)
            if header.count == 2 && header[1] & 0x80 == 0 { return true }
            guard header.count >= 2 else { continue }
            let shortLength = header[1] & 0x7F
            let lengthBytes = shortLength == 126 ? 2 : shortLength == 127 ? 8 : 0
            guard header.count == 2 + lengthBytes + 4 else { continue }
            payloadLeft = lengthBytes == 0 ? UInt64(shortLength)
                : header[2 ..< 2 + lengthBytes].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            header.removeAll(keepingCapacity: true)
        }
        return false
    }
}
