// LogRecorder: a LogHandler that keeps every line logged through it — level, message and
// metadata as text — so a test can read what the server wrote to its log.
import Foundation
import Logging

final class LogRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []

    /// Every line so far, oldest first.
    var lines: [String] { lock.withLock { recorded } }

    /// A logger at trace level that writes here.
    var logger: Logger {
        var logger = Logger(label: "sightline.test") { _ in Handler(recorder: self) }
        logger.logLevel = .trace
        return logger
    }

    private func record(_ line: String) {
        lock.withLock { recorded.append(line) }
    }

    private struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            let fields = all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            recorder.record("\(event.level) \(event.message) \(fields)")
        }
    }
}
