// ExecutionContext: the per-run state kernels see — where output and scratch memory come
// from, within the session's per-value memory limit, and which thread pool to use. A session
// keeps finished contexts for reuse, so in the steady state a run allocates no tensor memory.

final class ExecutionContext {
    /// Thrown by `allocate` and `scratchFloats` for a value outside `ShapeBounds` or above the
    /// memory limit; the session turns it into an EngineError naming the node.
    struct ValueRefused: Error {
        let shape: [Int]
        let reason: String
    }

    let threadPool: ThreadPool
    let buffers = BufferPool()
    /// `SessionOptions.maximumValueBytes`.
    let maximumValueBytes: Int
    /// Scratch buffers handed out during the current step, returned after it.
    private var scratch: [TensorBuffer] = []

    init(threadPool: ThreadPool, maximumValueBytes: Int) {
        self.threadPool = threadPool
        self.maximumValueBytes = maximumValueBytes
    }

    /// A new value of the given shape whose memory is uninitialised.
    func allocate(_ shape: [Int], _ elementType: ElementType = .float32) throws -> RuntimeValue {
        let bytes = try checkedBytes(shape, elementSize: elementType.byteSize)
        return RuntimeValue(shape: shape, elementType: elementType, buffer: buffers.acquire(bytes: bytes))
    }

    /// A value over `elements`, memory the caller keeps alive and unchanged until the run ends
    /// (an input read in place); its shape is checked like an allocated value's.
    func borrow(_ shape: [Int], _ elementType: ElementType, _ elements: UnsafeRawPointer) throws -> RuntimeValue {
        let bytes = try checkedBytes(shape, elementSize: elementType.byteSize)
        return RuntimeValue(shape: shape, elementType: elementType, buffer: TensorBuffer(borrowing: elements, byteCount: bytes))
    }

    /// A value sharing `value`'s elements under another shape (Reshape, Flatten, …).
    func alias(_ value: RuntimeValue, shape: [Int]) -> RuntimeValue {
        RuntimeValue(shape: shape, elementType: value.elementType, buffer: value.buffer)
    }

    /// Float scratch memory valid until the current step ends.
    func scratchFloats(_ count: Int) throws -> UnsafeMutablePointer<Float> {
        let buffer = buffers.acquire(bytes: try checkedBytes([count], elementSize: 4))
        scratch.append(buffer)
        return buffer.raw.assumingMemoryBound(to: Float.self)
    }

    /// The bytes of `shape`, which must be within `ShapeBounds` (even when it has no elements:
    /// later kernels compute with its dimensions) and take at most `maximumValueBytes`.
    private func checkedBytes(_ shape: [Int], elementSize: Int) throws -> Int {
        if let problem = ShapeBounds.problem(with: shape) {
            throw ValueRefused(shape: shape, reason: problem)
        }
        let count = Tensor.elementCount(of: shape)
        guard count <= maximumValueBytes / elementSize else {
            throw ValueRefused(shape: shape, reason: "it would take \(count * elementSize) bytes, more than the limit of "
                               + "\(maximumValueBytes) (SessionOptions.maximumValueBytes)")
        }
        return count * elementSize
    }

    func endStep() {
        for buffer in scratch { buffers.release(buffer) }
        scratch.removeAll(keepingCapacity: true)
    }
}
