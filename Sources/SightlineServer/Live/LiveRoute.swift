// LiveRoute: the live camera over a WebSocket (`/api/v1/live?app=recognizer|waste&mode=&lang=`).
// The browser sends each frame as one binary JPEG message; the freshest frame always wins: a
// frame arriving while another is analysed replaces the waiting one (counted as dropped), so
// nothing queues. Each analysed frame is answered with one text message
// `{"frame", "result", "milliseconds", "dropped"}`, its result smoothed over the past frames.
// WasteGuard's live view needs consent: without it the socket says `consent_required` and closes.
// Each frame holds its bytes, twice over, of the server's memory budget until it is analysed or
// replaced; a frame that does not fit is answered `busy`. At most `--max-live-sockets` sockets are
// open at once; another is told `busy` and closed with 1013 "try again later".
// An upgrade from another site's page is refused like a cross-site write (SecurityHeadersMiddleware);
// the WebSocket layer answers every refused upgrade 400. A socket on which the browser sends
// nothing for the idle time limit (`--request-timeout-seconds`, twice over) is closed with 1001
// "idle"; one that stops answering pings is closed by the WebSocket layer; a frame that is not
// masked closes it with 1002 (`MaskedFrameGuard`).
import Foundation
import Hummingbird
import HummingbirdWebSocket
import NIOWebSocket
import SightlineApps
import SightlineImaging
import SightlinePresentation

struct LiveRoute {
    let services: AppServices

    enum App: String {
        case recognizer
        case waste
    }

    func register(on router: Router<BasicWebSocketRequestContext>) {
        let services = services
        router.ws("/api/v1/live") { request, _ in
            guard request.headers[.upgrade]?.lowercased() == "websocket" else {
                throw APIError(.upgradeRequired, code: "upgrade_required",
                               message: "/api/v1/live is a WebSocket: connect with Upgrade: websocket.")
            }
            _ = try await LiveSettings(request, services: services, checkingConsent: false)
            return .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            guard services.liveSockets.enter() else {
                try await outbound.write(.text(APIError(.serviceUnavailable, code: "busy", message: """
                    Sightline's live camera is in use by \(services.liveSockets.limit) connections, its limit; \
                    the page tries again by itself.
                    """).body))
                try await outbound.close(.unknown(1013), reason: "busy")
                return
            }
            defer { services.liveSockets.leave() }
            let settings: LiveSettings
            do {
                settings = try await LiveSettings(context.request, services: services, checkingConsent: true)
            } catch {
                // Said over the socket, so the page can show why (the consent gate, for one).
                try await outbound.write(.text(APIError.from(error).body))
                try await outbound.close(.policyViolation, reason: APIError.from(error).code)
                return
            }
            let (frames, continuation) = AsyncStream<LiveFrame>.makeStream(bufferingPolicy: .bufferingNewest(1))
            let counter = LiveFrameCounter()
            let watch = Task { try await Self.closeWhenIdle(counter, limit: services.configuration.idleTimeout, outbound: outbound) }
            defer { watch.cancel() }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    var analyser = try LiveAnalyser(settings: settings, services: services)
                    for await frame in frames {
                        let message: any JSONAnswer
                        do {
                            let start = DispatchTime.now().uptimeNanoseconds
                            let result = try await analyser.analyse(frame)
                            message = LiveResultJSON(frame: frame.number, result: result,
                                                     milliseconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6,
                                                     dropped: counter.dropped)
                        } catch {
                            message = Self.frameError(frame.number, APIError.from(error))
                        }
                        try await outbound.write(.text(try message.jsonText()))
                    }
                }
                for try await message in inbound.messages(maxSize: services.configuration.maxFrameBytes) {
                    counter.noteMessage()
                    guard case .binary(let buffer) = message else {
                        try await outbound.write(.text(APIError.badRequest("Send each frame as one binary message holding a JPEG.")
                            .body))
                        continue
                    }
                    // The frame counts against the memory budget, twice over like an upload, until it
                    // is analysed or replaced by a fresher one.
                    let number = counter.next()
                    let reservation = MemoryReservation(budget: services.memory)
                    guard reservation.grow(by: 2 * buffer.readableBytes) else {
                        counter.drop()
                        try await outbound.write(.text(try Self.frameError(number, .busy(retryAfterSeconds: 1)).jsonText()))
                        continue
                    }
                    let frame = LiveFrame(number: number, data: Data(buffer.readableBytesView), reservation: reservation)
                    if case .dropped = continuation.yield(frame) {
                        counter.drop()
                    }
                }
                continuation.finish()
                try await group.waitForAll()
            }
        }
    }
}

extension LiveRoute {
    /// `{"frame": number, "error": {"code", "message"}}`: the answer for a frame that was not analysed.
    static func frameError(_ number: Int, _ failure: APIError) -> LiveFrameErrorJSON {
        LiveFrameErrorJSON(frame: number, code: failure.code, message: failure.message)
    }

    /// Closes the socket with 1001 "idle" once a whole `limit` has passed without a message
    /// (so after one to two limits of silence); ends when the task is cancelled.
    static func closeWhenIdle(_ counter: LiveFrameCounter, limit: Duration,
                              outbound: WebSocketOutboundWriter) async throws {
        var seen = counter.messages
        while true {
            try await Task.sleep(for: limit)
            let now = counter.messages
            if now == seen {
                try await outbound.close(.goingAway, reason: "idle")
                return
            }
            seen = now
        }
    }
}

/// One received camera frame.
struct LiveFrame: Sendable {
    var number: Int
    var data: Data
    /// The frame's share of the memory budget, given back with the frame.
    let reservation: MemoryReservation
}

/// The messages and frames received and the frames dropped on one connection.
final class LiveFrameCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var received = 0
    private var droppedFrames = 0
    private var messagesReceived = 0

    func noteMessage() {
        lock.withLock { messagesReceived += 1 }
    }

    var messages: Int { lock.withLock { messagesReceived } }

    func next() -> Int {
        lock.withLock {
            received += 1
            return received
        }
    }

    func drop() {
        lock.withLock { droppedFrames += 1 }
    }

    var dropped: Int { lock.withLock { droppedFrames } }
}
