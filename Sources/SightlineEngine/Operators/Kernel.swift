// Kernel: the compiled form of one node. A kernel is built once when a session is created
// (checking attributes, pre-packing constant weights) and then executed on every run.

/// What a kernel factory may look at while compiling a node.
struct CompileContext {
    let node: Node
    /// The default-domain opset of the model.
    let opset: Int
    /// Values known before any run (initialisers), by name.
    let constants: [String: Tensor]

    /// The constant tensor feeding input `index`, if that input is a constant.
    func constantInput(_ index: Int) -> Tensor? {
        guard let name = node.input(index) else { return nil }
        return constants[name]
    }

    func invalidAttribute(_ attribute: String, _ reason: String) -> EngineError {
        .invalidAttribute(node: node.name, op: node.opType, attribute: attribute, reason: reason)
    }
}

/// Which node a kernel computes, for error messages.
struct NodeLabel {
    let name: String
    let op: String

    init(_ node: Node) {
        self.name = node.name
        self.op = node.opType
    }
}

protocol Kernel: AnyObject {
    var label: NodeLabel { get }
    /// Inputs whose constant values the kernel copied (packed) when it was built; the plan
    /// passes nil for them and does not keep their tensors alive.
    var prepackedInputs: Set<Int> { get }
    /// Computes the node's outputs. `inputs[i]` is nil for an omitted optional input.
    func execute(_ inputs: [RuntimeValue?], _ context: ExecutionContext) throws -> [RuntimeValue]
}

extension Kernel {
    var prepackedInputs: Set<Int> { [] }

    func shapeError(_ reason: String) -> EngineError {
        .shapeMismatch(node: label.name, op: label.op, reason: reason)
    }

    /// The required input `index`, or an error naming it.
    func required(_ inputs: [RuntimeValue?], _ index: Int) throws -> RuntimeValue {
        guard index < inputs.count, let value = inputs[index] else {
            throw shapeError("required input \(index) is missing")
        }
        return value
    }

    /// The required float32 input `index`.
    func requiredFloat(_ inputs: [RuntimeValue?], _ index: Int) throws -> RuntimeValue {
        let value = try required(inputs, index)
        if value.elementType != .float32 {
            throw shapeError("input \(index) must be float32, got \(value.elementType)")
        }
        return value
    }
}
