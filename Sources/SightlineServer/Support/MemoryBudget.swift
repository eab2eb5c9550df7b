// MemoryBudget: the server-wide budget of memory for photos being received and held
// (`--max-memory-mb`). An upload reserves its bytes as they arrive — twice over, for the
// received bytes and the copy the analysis reads — and gives them back when the request is done
// with its photo; an upload that would go past the budget is refused 503 `busy` at once instead
// of waiting, so no set of uploads can hold the budget while waiting for more of it. Reserving by
// what has arrived, not by the announced Content-Length, means a client holds only as much as it
// has actually sent. When the last photo is given back after large ones, or while the engine
// pools the activations of a large run (a face search over a big photo), the engine's pooled
// buffers are freed (`EngineMemory`) and the allocator is asked to return its free memory to the
// system (`malloc_trim`), so the server's resident memory comes back near idle after a burst
// instead of staying at the burst's peak.
import Foundation
import SightlineEngine
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

final class MemoryBudget: Sendable {
    let capacity: Int
    /// Bytes given back since the last trim that make one worth it when nothing is held.
    static let trimAfterBytes = 32 << 20
    /// Bytes the engine may keep pooled between requests: more than the activations of the
    /// models' ordinary runs, far less than a face search over a 100-megapixel photo's.
    static let pooledEngineBytes = 64 << 20
    private let state = Mutex((used: 0, releasedSinceTrim: 0))

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Takes `bytes` from the budget if they fit; false if they do not (nothing is taken).
    func reserve(_ bytes: Int) -> Bool {
        state.withLock { state in
            guard bytes <= capacity - state.used else { return false }
            state.used += bytes
            return true
        }
    }

    func release(_ bytes: Int) {
        let (idle, released) = state.withLock { state in
            state.used -= bytes
            state.releasedSinceTrim += bytes
            return (state.used == 0, state.releasedSinceTrim)
        }
        guard idle, released >= Self.trimAfterBytes || EngineMemory.idleBufferBytes > Self.pooledEngineBytes else { return }
        state.withLock { $0.releasedSinceTrim = 0 }
        EngineMemory.releaseIdleBuffers()
        Self.returnFreeMemory()
    }

    /// glibc's `malloc_trim(0)`, looked up at run time (malloc.h is not part of the Glibc module);
    /// nothing on a C library without it.
    private static func returnFreeMemory() {
        #if canImport(Glibc)
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }

    /// The bytes reserved now.
    var inUse: Int { state.withLock { $0.used } }
}

/// What one request holds of a `MemoryBudget`, given back when the reservation is freed (with the
/// photo that holds it).
final class MemoryReservation: Sendable {
    private let budget: MemoryBudget
    private let held = Mutex(0)

    init(budget: MemoryBudget) {
        self.budget = budget
    }

    /// The whole budget's size.
    var budgetCapacity: Int { budget.capacity }

    /// Takes `bytes` more; false when the budget has no room for them.
    func grow(by bytes: Int) -> Bool {
        guard budget.reserve(bytes) else { return false }
        held.withLock { $0 += bytes }
        return true
    }

    deinit {
        budget.release(held.withLock { $0 })
    }
}
