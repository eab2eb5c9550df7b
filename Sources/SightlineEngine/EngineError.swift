// EngineError: every way loading, validating or running a model can fail, each with a
// message that says what was wrong and where.

public enum EngineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be read at all.
    case unreadableFile(path: String, reason: String)
    /// The bytes are not a well-formed ONNX protobuf, or a field is out of range.
    case malformedModel(reason: String)
    /// The model uses an opset outside what the engine implements (11–17 for the default domain).
    case unsupportedOpset(domain: String, version: Int)
    /// No kernel for this operator (or for its domain).
    case unsupportedOperator(node: String, op: String, domain: String)
    /// An attribute is missing, of the wrong kind, or has a value the engine does not support.
    case invalidAttribute(node: String, op: String, attribute: String, reason: String)
    /// The graph itself is inconsistent: a missing value, a cycle, a duplicate name, bad shapes.
    case invalidGraph(reason: String)
    /// A tensor's element type is not one the engine computes with.
    case unsupportedElementType(tensor: String, type: String)
    /// An input given to `run` is missing, unexpected or of the wrong shape/type.
    case invalidInput(name: String, reason: String)
    /// Shapes met at run time that the operator cannot combine.
    case shapeMismatch(node: String, op: String, reason: String)
    /// A model could not be written to a file.
    case unwritableFile(path: String, reason: String)
    /// The model is bigger than a `ModelLoadingLimits` bound allows; `limit` names the bound
    /// (`maximumFileSize` or `maximumNodeCount`), `value` is the model's figure and `maximum` the bound's.
    case exceedsLoadingLimit(limit: String, value: Int, maximum: Int)

    public var description: String {
        switch self {
        case let .unreadableFile(path, reason):
            return "cannot read model file '\(path)': \(reason)"
        case let .malformedModel(reason):
            return "malformed ONNX model: \(reason)"
        case let .unsupportedOpset(domain, version):
            return "unsupported opset \(version) for domain '\(domain.isEmpty ? "ai.onnx" : domain)' (supported: 11–17)"
        case let .unsupportedOperator(node, op, domain):
            let where_ = domain.isEmpty ? "" : " in domain '\(domain)'"
            return "node '\(node)': operator \(op)\(where_) is not supported"
        case let .invalidAttribute(node, op, attribute, reason):
            return "node '\(node)' (\(op)): attribute '\(attribute)' \(reason)"
        case let .invalidGraph(reason):
            return "invalid graph: \(reason)"
        case let .unsupportedElementType(tensor, type):
            return "tensor '\(tensor)' has element type \(type), which is not supported (float32 and int64 are)"
        case let .invalidInput(name, reason):
            return "input '\(name)': \(reason)"
        case let .shapeMismatch(node, op, reason):
            return "node '\(node)' (\(op)): \(reason)"
        case let .unwritableFile(path, reason):
            return "cannot write model file '\(path)': \(reason)"
        case let .exceedsLoadingLimit(limit, value, maximum):
            let what = limit == "maximumNodeCount" ? "the graph has \(value) nodes" : "the model is \(value) bytes"
            return "\(what), more than the limit of \(maximum) (ModelLoadingLimits.\(limit)); raise the limit to load it"
        }
    }
}
