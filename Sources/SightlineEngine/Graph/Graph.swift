// Graph: the engine's in-memory form of an ONNX model — nodes in topological order,
// constant initialisers, declared inputs and outputs. The loader builds it from the
// protobuf, the passes rewrite it, and the runtime compiles it into an execution plan.

/// One dimension of a declared input or output shape.
public enum Dimension: Sendable, Equatable, CustomStringConvertible {
    case fixed(Int)
    case symbolic(String)

    public var description: String {
        switch self {
        case .fixed(let size): return String(size)
        case .symbolic(let name): return name.isEmpty ? "?" : name
        }
    }
}

/// A declared graph input or output.
public struct ValueInfo: Sendable, Equatable {
    public var name: String
    public var elementType: ElementType
    /// nil when the model does not declare a shape.
    public var shape: [Dimension]?

    public init(name: String, elementType: ElementType, shape: [Dimension]?) {
        self.name = name
        self.elementType = elementType
        self.shape = shape
    }
}

/// A computation graph. Node inputs and outputs refer to values by name; an empty name
/// marks an omitted optional input.
public struct Graph: Sendable, Equatable {
    public var name: String
    public var nodes: [Node]
    public var initializers: [String: Tensor]
    public var inputs: [ValueInfo]
    public var outputs: [ValueInfo]

    public init(name: String, nodes: [Node], initializers: [String: Tensor],
                inputs: [ValueInfo], outputs: [ValueInfo]) {
        self.name = name
        self.nodes = nodes
        self.initializers = initializers
        self.inputs = inputs
        self.outputs = outputs
    }
}
