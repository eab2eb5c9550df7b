// ThreadPool: the Swift face of the C kernels' persistent thread pool. Sessions with the
// same thread count share one pool, so several loaded models do not oversubscribe the CPU.

import CSightlineKernels
import Foundation

public final class ThreadPool: @unchecked Sendable {
    let pool: OpaquePointer?
    public let threads: Int

    private init(threads: Int) {
        self.threads = threads
        self.pool = threads > 1 ? sl_pool_create(Int32(threads)) : nil
    }

    deinit {
        if let pool { sl_pool_destroy(pool) }
    }

    /// Cores available to this process.
    public static var availableCores: Int { ProcessInfo.processInfo.activeProcessorCount }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var pools: [Int: ThreadPool] = [:]

    /// The shared pool with `threads` threads (0 = one per core).
    public static func shared(threads requested: Int) -> ThreadPool {
        let threads = requested > 0 ? requested : availableCores
        lock.lock()
        defer { lock.unlock() }
        if let pool = pools[threads] { return pool }
        let pool = ThreadPool(threads: threads)
        pools[threads] = pool
        return pool
    }

    /// Runs `body(task)` once for every task in 0..<taskCount across the pool's threads.
    func parallelFor(_ taskCount: Int, _ body: (Int) -> Void) {
        if taskCount <= 1 || pool == nil {
            for task in 0..<taskCount { body(task) }
            return
        }
        withoutActuallyEscaping(body) { escapable in
            var closure = escapable
            withUnsafeMutablePointer(to: &closure) { pointer in
                sl_pool_run(pool, { context, task, _ in
                    let body = context!.assumingMemoryBound(to: ((Int) -> Void).self).pointee
                    body(Int(task))
                }, UnsafeMutableRawPointer(pointer), Int32(taskCount))
            }
        }
    }

    /// Splits 0..<count into one contiguous range per thread (fewer when `count` is small
    /// or the work below `minimumPerTask`) and runs them in parallel.
    func parallelRanges(_ count: Int, minimumPerTask: Int = 4096, _ body: (Range<Int>) -> Void) {
        let tasks = max(1, min(threads, count / max(1, minimumPerTask)))
        if tasks == 1 {
            body(0..<count)
            return
        }
        parallelFor(tasks) { task in
            let lower = count * task / tasks
            let upper = count * (task + 1) / tasks
            if lower < upper { body(lower..<upper) }
        }
    }
}
