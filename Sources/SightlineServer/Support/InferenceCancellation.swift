// InferenceCancellation: tells model work running on a worker thread that its request was
// cancelled (it ran past the request time limit and was answered 408), so that the work does
// not go on to save a result nobody was told about.
import Foundation

final class InferenceCancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    func cancel() {
        lock.withLock { cancelled = true }
    }

    var isCancelled: Bool { lock.withLock { cancelled } }

    /// - Throws: `CancellationError` once the request was cancelled.
    func check() throws {
        if isCancelled { throw CancellationError() }
    }
}
