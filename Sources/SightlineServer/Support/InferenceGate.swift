// InferenceGate: runs the blocking model work of requests off the event loop, at most `slots`
// at a time, with a short bounded wait queue (the upload is read only once admitted); a request
// that finds the queue full is refused
// at once with 503 busy and Retry-After rather than waiting without bound.
import Dispatch
import Foundation

actor InferenceGate {
    private let slots: Int
    private let queueLength: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(slots: Int, queueLength: Int) {
        self.slots = max(1, slots)
        self.queueLength = max(0, queueLength)
    }

    /// Runs `work` on a worker thread once a slot is free, with the input `preparing` makes
    /// after admission (reading the upload).
    ///
    /// - Throws: `APIError.busy` when all slots are taken and the queue is full; whatever
    ///   `preparing` or `work` throws.
    nonisolated func run<Input: Sendable, Value: Sendable>(preparing: @Sendable () async throws -> Input,
                                                           _ work: @escaping @Sendable (Input) throws -> Value) async throws -> Value {
        try await enter()
        do {
            let input = try await preparing()
            let value = try await Self.onWorkerThread { try work(input) }
            await leave()
            return value
        } catch {
            await leave()
            throw error
        }
    }

    /// How many requests run and wait now.
    var load: (running: Int, waiting: Int) { (running, waiting.count) }

    private func enter() async throws {
        if running < slots {
            running += 1
            return
        }
        guard waiting.count < queueLength else { throw APIError.busy(retryAfterSeconds: 1) }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func leave() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }

    private static func onWorkerThread<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result { try work() })
            }
        }
    }
}
