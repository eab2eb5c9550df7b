// ExecutionContext: the per-run state kernels see — where output and scratch memory come
// from and which thread pool to use. A session keeps finished contexts for reuse, so in
// the steady state a run allocates no tensor memory.

final class ExecutionContext {
    let threadPool: ThreadPool
    let buffers = BufferPool()
    /// Scratch buffers handed out during the current step, returned after it.
    private var scratch: [TensorBuffer] = []

    init(threadPool: ThreadPool) {
        self.threadPool = threadPool
    }

    /// A new value of the given shape whose memory is uninitialised.
    func allocate(_ shape: [Int], _ elementType: ElementType = .float32) -> RuntimeValue {
        let bytes = Tensor.elementCount(of: shape) * (elementType == .float32 ? 4 : 8)
        return RuntimeValue(shape: shape, elementType: elementType, buffer: buffers.acquire(bytes: bytes))
    }

    /// A value sharing `value`'s elements under another shape (Reshape, Flatten, …).
    func alias(_ value: RuntimeValue, shape: [Int]) -> RuntimeValue {
        RuntimeValue(shape: shape, elementType: value.elementType, buffer: value.buffer)
    }

    /// Float scratch memory valid until the current step ends.
    func scratchFloats(_ count: Int) -> UnsafeMutablePointer<Float> {
        let buffer = buffers.acquire(bytes: count * 4)
        scratch.append(buffer)
        return buffer.raw.assumingMemoryBound(to: Float.self)
    }

    func endStep() {
        for buffer in scratch { buffers.release(buffer) }
        scratch.removeAll(keepingCapacity: true)
    }
}
