// Node: one operator application in a Graph, with its attributes.

public struct Node: Sendable, Equatable {
    /// The node's name from the model, or a generated "<op>_<index>" when it had none.
    public var name: String
    public var opType: String
    /// Operator domain; "" (or "ai.onnx") is the standard ONNX domain.
    public var domain: String
    public var inputs: [String]
    public var outputs: [String]
    public var attributes: [String: Attribute]

    public init(name: String, opType: String, domain: String = "", inputs: [String],
                outputs: [String], attributes: [String: Attribute] = [:]) {
        self.name = name
        self.opType = opType
        self.domain = domain
        self.inputs = inputs
        self.outputs = outputs
        self.attributes = attributes
    }

    /// The i-th input's name, or nil when absent or given as "" (an omitted optional input).
    public func input(_ index: Int) -> String? {
        index < inputs.count && !inputs[index].isEmpty ? inputs[index] : nil
    }
}
