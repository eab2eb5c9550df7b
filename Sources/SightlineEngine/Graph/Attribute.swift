// Attribute: a node attribute value, and typed accessors that turn a wrong or missing
// attribute into an error naming the node.

public enum Attribute: Sendable, Equatable {
    case int(Int)
    case ints([Int])
    case float(Float)
    case floats([Float])
    case string(String)
    case strings([String])
    case tensor(Tensor)

    var kindName: String {
        switch self {
        case .int: return "int"
        case .ints: return "ints"
        case .float: return "float"
        case .floats: return "floats"
        case .string: return "string"
        case .strings: return "strings"
        case .tensor: return "tensor"
        }
    }
}

extension Node {
    public func int(_ name: String, default value: Int? = nil) throws -> Int {
        switch attributes[name] {
        case .int(let v)?: return v
        case nil: if let value { return value }
        case let other?: throw EngineError.invalidAttribute(node: self.name, op: opType, attribute: name,
                                                            reason: "expected an int, found \(other.kindName)")
        }
        throw EngineError.invalidAttribute(node: self.name, op: opType, attribute: name, reason: "required but missing")
    }

    public func ints(_ name: String, default value: [Int]? = nil) throws -> [Int] {
        switch attributes[name] {
        case .ints(let v)?: return v
        case .int(let v)?: return [v]
        case nil: if let value { return value }
        case let other?: throw EngineError.invalidAttribute(node: self.name, op: opType, attribute: name,
                                                            reason: "expected ints, found \(other.kindName)")
        }
        throw EngineError.invalidAttribute(node: self.name, op: opType, attribute: name, reason: "required but missing")
    }

    public func float(_ name: String, default value: Float? = nil) throws -> Float {
        switch attributes[name] {
        case .float(let v)?: return v
        case .int(let v)?: return Float(v)
        case nil: if let value { return value }
        case let other?: throw EngineError.invalidAttribute(node: self.name, op: opType, attribute: name,
                                                            reason: "expected a float, found \(other.kindName)")
        }
        throw EngineError.invalidAttribute(node: self.name, op: opType, attribute: name, reason: "required but missing")
    }

    public func floats(_ name: String, default value: [Float]? = nil) throws -> [Float] {
        switch attributes[name] {
        case .floats(let v)?: return v
        case nil: if let value { return value }
        case let other?: throw EngineError.invalidAttribute(node: self.name, op: opType, attribute: name,
                                                            reason: "expected floats, found \(other.kindName)")
        }
        throw EngineError.invalidAttribute(node: self.name, op: opType, attribute: name, reason: "required but missing")
    }

    public func string(_ name: String, default value: String? = nil) throws -> String {
        switch attributes[name] {
        case .string(let v)?: return v
        case nil: if let value { return value }
        case let other?: throw EngineError.invalidAttribute(node: self.name, op: opType, attribute: name,
                                                            reason: "expected a string, found \(other.kindName)")
        }
        throw EngineError.invalidAttribute(node: self.name, op: opType, attribute: name, reason: "required but missing")
    }

    public func strings(_ name: String, default value: [String]? = nil) throws -> [String] {
        switch attributes[name] {
        case .strings(let v)?: return v
        case nil: if let value { return value }
        case let other?: throw EngineError.invalidAttribute(node: self.name, op: opType, attribute: name,
                                                            reason: "expected strings, found \(other.kindName)")
        }
        throw EngineError.invalidAttribute(node: self.name, op: opType, attribute: name, reason: "required but missing")
    }

    public func tensor(_ name: String) throws -> Tensor {
        switch attributes[name] {
        case .tensor(let v)?: return v
        case nil: throw EngineError.invalidAttribute(node: self.name, op: opType, attribute: name, reason: "required but missing")
        case let other?: throw EngineError.invalidAttribute(node: self.name, op: opType, attribute: name,
                                                            reason: "expected a tensor, found \(other.kindName)")
        }
    }
}
