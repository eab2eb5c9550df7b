// RuntimeValue: a tensor inside a running plan — shape, element type and the buffer that
// holds its elements. Kernels read and write through the typed pointers.

struct RuntimeValue {
    var shape: [Int]
    var elementType: ElementType
    var buffer: TensorBuffer

    var count: Int { Tensor.elementCount(of: shape) }
    var rank: Int { shape.count }

    var floats: UnsafeMutablePointer<Float> { buffer.raw.assumingMemoryBound(to: Float.self) }
    var int64s: UnsafeMutablePointer<Int64> { buffer.raw.assumingMemoryBound(to: Int64.self) }

    var elementSize: Int { elementType.byteSize }

    /// A constant value holding a copy of `tensor`.
    init(constant tensor: Tensor) {
        let size = tensor.count * tensor.elementType.byteSize
        let buffer = TensorBuffer(byteCapacity: size, isConstant: true)
        switch tensor.storage {
        case .float32(let values):
            values.withUnsafeBytes { buffer.raw.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        case .int64(let values):
            values.withUnsafeBytes { buffer.raw.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        }
        self.init(shape: tensor.shape, elementType: tensor.elementType, buffer: buffer)
    }

    init(shape: [Int], elementType: ElementType, buffer: TensorBuffer) {
        self.shape = shape
        self.elementType = elementType
        self.buffer = buffer
    }

    /// The value as a public Tensor (a copy).
    func toTensor() -> Tensor {
        switch elementType {
        case .float32:
            return Tensor(shape: shape, floats: Array(UnsafeBufferPointer(start: floats, count: count)))
        case .int64:
            return Tensor(shape: shape, int64s: Array(UnsafeBufferPointer(start: int64s, count: count)))
        }
    }

    /// A shape-like input holding a float that is not a number an Int can hold.
    struct NotAnInteger: Error {
        let value: Float
    }

    /// The elements as Ints (for shape-like inputs: Reshape's shape, Slice's starts, …). Float
    /// elements are truncated toward zero; a NaN, an infinity or a value beyond Int's range is
    /// refused.
    func integers() throws(NotAnInteger) -> [Int] {
        switch elementType {
        case .int64:
            return (0..<count).map { Int(int64s[$0]) }
        case .float32:
            var result: [Int] = []
            result.reserveCapacity(count)
            for index in 0..<count {
                guard let integer = Int(exactly: floats[index].rounded(.towardZero)) else {
                    throw NotAnInteger(value: floats[index])
                }
                result.append(integer)
            }
            return result
        }
    }
}
