// InferenceGate: runs the blocking model work of requests off the event loop, at most `slots`
// at a time, with a short bounded wait queue (a request comes with its photo already read, within
// the memory budget, so a slow upload never holds a slot); a request
// that finds the queue full is refused at once with 503 busy and Retry-After rather than waiting
// without bound. A request cancelled by the request time limit leaves the queue at once; one
// whose work is already running gets its answer at once too, while the work finishes on its
// thread (it cannot be interrupted), its result is discarded and its slot stays taken until then
// so that no more work runs at once than there are slots. The waits and the refusals go to the
// server's metrics.
import Dispatch
import Foundation

actor InferenceGate {
    private let slots: Int
    private let queueLength: Int
    private var running = 0
    private var waiting: [(ticket: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
    private var nextTicket: UInt64 = 0
    private let metrics: ServerMetrics?

    init(slots: Int, queueLength: Int, metrics: ServerMetrics? = nil) {
        self.slots = max(1, slots)
        self.queueLength = max(0, queueLength)
        self.metrics = metrics
    }

    /// Runs `work` on a worker thread once a slot is free. `work` receives the request's
    /// cancellation, to check before a step whose effect must not happen for a request that was
    /// already answered (saving to the history).
    ///
    /// - Throws: `APIError.busy` when all slots are taken and the queue is full;
    ///   `CancellationError` when the request was cancelled; whatever `work` throws.
    nonisolated func run<Value: Sendable>(
        _ work: @escaping @Sendable (InferenceCancellation) throws -> Value) async throws -> Value {
        try await enter()
        do {
            try Task.checkCancellation()
        } catch {
            await leave()
            throw error
        }
        return try await onWorkerThread(work)
    }

    /// How many requests run and wait now.
    var load: (running: Int, waiting: Int) { (running, waiting.count) }

    private func enter() async throws {
        if running < slots {
            running += 1
            metrics?.inferenceAdmitted(waited: .zero)
            return
        }
        guard waiting.count < queueLength else {
            metrics?.inferenceRefusedBusy()
            throw APIError.busy(retryAfterSeconds: 1)
        }
        let ticket = nextTicket
        nextTicket += 1
        let queued = ContinuousClock.now
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { waiting.append((ticket, $0)) }
        } onCancel: {
            Task { await self.abandon(ticket) }
        }
        metrics?.inferenceAdmitted(waited: ContinuousClock.now - queued)
    }

    /// A cancelled request still waiting leaves the queue without having taken a slot.
    private func abandon(_ ticket: UInt64) {
        guard let index = waiting.firstIndex(where: { $0.ticket == ticket }) else { return }
        waiting.remove(at: index).continuation.resume(throwing: CancellationError())
    }

    /// Frees a slot, or hands it straight to the longest-waiting request.
    private func leave() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().continuation.resume()
        }
    }

    /// Runs `work` on a global dispatch queue and frees the slot when it ends. A cancelled
    /// request is answered at once with `CancellationError`; the work's later result is dropped.
    private nonisolated func onWorkerThread<Value: Sendable>(
        _ work: @escaping @Sendable (InferenceCancellation) throws -> Value) async throws -> Value {
        let completion = WorkCompletion<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                completion.deliver(to: continuation)
                DispatchQueue.global(qos: .userInitiated).async {
                    let result = Result { try work(completion.cancellation) }
                    Task {
                        await self.leave()
                        completion.finish(result)
                    }
                }
            }
        } onCancel: {
            completion.cancellation.cancel()
            completion.finish(.failure(CancellationError()))
        }
    }
}

/// The outcome of one piece of work, delivered once: to the request's continuation, whichever
/// comes first of the work's result and the request's cancellation.
private final class WorkCompletion<Value: Sendable>: @unchecked Sendable {
    let cancellation = InferenceCancellation()
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value, any Error>?
    private var early: Result<Value, any Error>?
    private var delivered = false

    /// Waits on `continuation`; resumes it at once if the outcome came first.
    func deliver(to continuation: CheckedContinuation<Value, any Error>) {
        let ready: Result<Value, any Error>? = lock.withLock {
            if let early {
                delivered = true
                return early
            }
            self.continuation = continuation
            return nil
        }
        if let ready { continuation.resume(with: ready) }
    }

    func finish(_ result: Result<Value, any Error>) {
        let waiting: CheckedContinuation<Value, any Error>? = lock.withLock {
            guard !delivered else { return nil }
            guard let continuation else {
                if early == nil { early = result }
                return nil
            }
            delivered = true
            self.continuation = nil
            return continuation
        }
        waiting?.resume(with: result)
    }
}
