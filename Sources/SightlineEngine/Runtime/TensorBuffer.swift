// TensorBuffer: a block of 64-byte-aligned memory holding one runtime value's elements.
// Buffers are recycled through a BufferPool; `references` counts the live values (a
// reshape shares its input's buffer) so a buffer returns to the pool only when unused.

import Foundation

final class TensorBuffer {
    let raw: UnsafeMutableRawPointer
    let byteCapacity: Int
    /// Constant buffers (initialisers, borrowed inputs) are never recycled or written.
    let isConstant: Bool
    /// False for a caller's memory lent for one run.
    private let ownsMemory: Bool
    var references = 0

    init(byteCapacity: Int, isConstant: Bool = false) {
        let size = max(64, (byteCapacity + 63) / 64 * 64)
        self.raw = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
        self.byteCapacity = size
        self.isConstant = isConstant
        self.ownsMemory = true
    }

    /// A constant buffer over memory the caller keeps alive (and unchanged) while it is used:
    /// an input tensor's elements, read in place for one run instead of copied.
    init(borrowing raw: UnsafeRawPointer, byteCount: Int) {
        self.raw = UnsafeMutableRawPointer(mutating: raw)
        self.byteCapacity = byteCount
        self.isConstant = true
        self.ownsMemory = false
    }

    deinit {
        if ownsMemory { raw.deallocate() }
    }
}

/// Free buffers of one execution context, handed out best-fit by size.
final class BufferPool {
    private var free: [TensorBuffer] = []

    func acquire(bytes: Int) -> TensorBuffer {
        var best = -1
        for (index, buffer) in free.enumerated() where buffer.byteCapacity >= bytes {
            if best < 0 || buffer.byteCapacity < free[best].byteCapacity { best = index }
        }
        if best >= 0 {
            return free.remove(at: best)
        }
        return TensorBuffer(byteCapacity: bytes)
    }

    func release(_ buffer: TensorBuffer) {
        precondition(!buffer.isConstant)
        free.append(buffer)
    }

    /// The bytes of the free buffers.
    var freeBytes: Int { free.reduce(0) { $0 + $1.byteCapacity } }

    /// Frees every free buffer (a buffer in use is not in the pool).
    func removeAll() {
        free.removeAll()
    }
}
