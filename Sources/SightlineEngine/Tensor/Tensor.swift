// Tensor: the value type that crosses the Engine's public boundary — a shape plus
// element storage (float32 or int64). Kernels work on raw buffers inside the runtime;
// this type is what callers build inputs from and read outputs out of.

/// The element types the engine computes with. ONNX int32 data is widened to int64 and
/// bool/uint8 data is not supported (the loader says so, naming the tensor).
public enum ElementType: String, Sendable, Equatable, CustomStringConvertible {
    case float32
    case int64

    public var description: String { rawValue }

    /// Bytes one element takes in memory.
    public var byteSize: Int {
        switch self {
        case .float32: return 4
        case .int64: return 8
        }
    }
}

/// A dense, row-major (C-order) tensor.
public struct Tensor: Sendable, Equatable {
    public enum Storage: Sendable, Equatable {
        case float32([Float])
        case int64([Int64])
    }

    public var shape: [Int]
    public var storage: Storage

    /// A float32 tensor. `values.count` must equal the product of `shape`.
    public init(shape: [Int], floats values: [Float]) {
        precondition(values.count == Tensor.elementCount(of: shape),
                     "tensor of shape \(shape) needs \(Tensor.elementCount(of: shape)) values, got \(values.count)")
        self.shape = shape
        self.storage = .float32(values)
    }

    /// An int64 tensor. `values.count` must equal the product of `shape`.
    public init(shape: [Int], int64s values: [Int64]) {
        precondition(values.count == Tensor.elementCount(of: shape),
                     "tensor of shape \(shape) needs \(Tensor.elementCount(of: shape)) values, got \(values.count)")
        self.shape = shape
        self.storage = .int64(values)
    }

    /// A float32 tensor of zeros.
    public init(zeros shape: [Int]) {
        self.init(shape: shape, floats: [Float](repeating: 0, count: Tensor.elementCount(of: shape)))
    }

    public var elementType: ElementType {
        switch storage {
        case .float32: return .float32
        case .int64: return .int64
        }
    }

    public var count: Int { Tensor.elementCount(of: shape) }
    public var rank: Int { shape.count }

    /// The float32 values; traps if the tensor holds int64 (check `elementType` first).
    public var floats: [Float] {
        guard case .float32(let values) = storage else {
            preconditionFailure("tensor holds \(elementType), not float32")
        }
        return values
    }

    /// The int64 values; traps if the tensor holds float32 (check `elementType` first).
    public var int64s: [Int64] {
        guard case .int64(let values) = storage else {
            preconditionFailure("tensor holds \(elementType), not int64")
        }
        return values
    }

    /// Product of the dimensions (1 for a scalar, 0 when any dimension is 0). A product too
    /// large for an Int gives `Int.max` instead of trapping, so that a shape computed from a
    /// hostile model is refused where it would be allocated (see `SessionOptions`).
    public static func elementCount(of shape: [Int]) -> Int {
        if shape.contains(0) { return 0 }
        var count = 1
        for size in shape {
            let (product, overflow) = count.multipliedReportingOverflow(by: size)
            if overflow { return Int.max }
            count = product
        }
        return count
    }
}
