// LiveRoute: the live camera over a WebSocket (`/api/v1/live?app=recognizer|waste&mode=&lang=`).
// The browser sends each frame as one binary JPEG message; the freshest frame always wins: a
// frame arriving while another is analysed replaces the waiting one (counted as dropped), so
// nothing queues. Each analysed frame is answered with one text message
// `{"frame", "result", "milliseconds", "dropped"}`, its result smoothed over the past frames.
// WasteGuard's live view needs consent: without it the socket says `consent_required` and closes.
// An upgrade from another site's page is refused like a cross-site write (SecurityHeadersMiddleware);
// the WebSocket layer answers every refused upgrade 400.
import Foundation
import Hummingbird
import HummingbirdWebSocket
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
            _ = try LiveSettings(request, services: services, checkingConsent: false)
            return .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            let settings: LiveSettings
            do {
                settings = try LiveSettings(context.request, services: services, checkingConsent: true)
            } catch {
                // Said over the socket, so the page can show why (the consent gate, for one).
                try await outbound.write(.text(APIError.from(error).json.text))
                try await outbound.close(.policyViolation, reason: APIError.from(error).code)
                return
            }
            let (frames, continuation) = AsyncStream<LiveFrame>.makeStream(bufferingPolicy: .bufferingNewest(1))
            let counter = LiveFrameCounter()
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    var analyser = try LiveAnalyser(settings: settings, services: services)
                    for await frame in frames {
                        let message: JSONLine
                        do {
                            let start = DispatchTime.now().uptimeNanoseconds
                            let result = try await analyser.analyse(frame)
                            message = .object([
                                ("frame", .integer(frame.number)),
                                ("result", result),
                                ("milliseconds", .number(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6, digits: 1)),
                                ("dropped", .integer(counter.dropped)),
                            ])
                        } catch {
                            let failure = APIError.from(error)
                            message = .object([("frame", .integer(frame.number)),
                                               ("error", .object([("code", .string(failure.code)), ("message", .string(failure.message))]))])
                        }
                        try await outbound.write(.text(message.text))
                    }
                }
                for try await message in inbound.messages(maxSize: services.configuration.maxFrameBytes) {
                    guard case .binary(let buffer) = message else {
                        try await outbound.write(.text(APIError.badRequest("Send each frame as one binary message holding a JPEG.")
                            .json.text))
                        continue
                    }
                    if case .dropped = continuation.yield(LiveFrame(number: counter.next(), data: Data(buffer.readableBytesView))) {
                        counter.drop()
                    }
                }
                continuation.finish()
                try await group.waitForAll()
            }
        }
    }
}

/// One received camera frame.
struct LiveFrame: Sendable {
    var number: Int
    var data: Data
}

/// The frames received and dropped on one connection.
final class LiveFrameCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var received = 0
    private var droppedFrames = 0

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
