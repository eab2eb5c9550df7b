// AttributeProto+Conversion: turns an ONNX node attribute into the engine's Attribute, and says
// clearly which attribute kinds (subgraphs, tensor lists, sparse tensors, types) are refused.

import Foundation

extension Onnx_AttributeProto {
    /// The attribute's value as the engine stores it.
    ///
    /// - Parameters:
    ///   - node: the (possibly generated) name of the node carrying it, for error messages.
    ///   - op: the node's operator type, for error messages.
    func engineAttribute(node: String, op: String) throws -> Attribute {
        func refused(_ reason: String) -> EngineError {
            EngineError.invalidAttribute(node: node, op: op, attribute: name, reason: reason)
        }
        if !refAttrName.isEmpty {
            throw refused("refers to the function attribute '\(refAttrName)'; only functions may do that, "
                          + "and model-local functions are not supported")
        }
        switch resolvedKind {
        case .float:
            return .float(f)
        case .int:
            return .int(Int(i))
        case .string:
            return .string(try utf8String(s, refusing: refused))
        case .tensor:
            return .tensor(try t.engineTensor(label: t.name.isEmpty ? "\(node).\(name)" : t.name))
        case .floats:
            return .floats(floats)
        case .ints:
            return .ints(ints.map { Int($0) })
        case .strings:
            return .strings(try strings.map { try utf8String($0, refusing: refused) })
        case .graph, .graphs:
            throw refused("holds a subgraph; subgraphs are not supported (control flow such as If, Loop and Scan)")
        case .tensors:
            throw refused("holds a list of tensors, which is not supported")
        case .sparseTensor, .sparseTensors:
            throw refused("holds a sparse tensor, which is not supported")
        case .typeProto, .typeProtos:
            throw refused("holds a type description, which is not supported")
        case .undefined:
            throw refused("has no value")
        }
    }

    /// The attribute's kind: the `type` field, or for files from before IR version 2 (which
    /// have no `type`) whichever value field is present.
    private var resolvedKind: AttributeType {
        if hasType && type != .undefined { return type }
        if hasF { return .float }
        if hasI { return .int }
        if hasS { return .string }
        if hasT { return .tensor }
        if hasG { return .graph }
        if !floats.isEmpty { return .floats }
        if !ints.isEmpty { return .ints }
        if !strings.isEmpty { return .strings }
        if !tensors.isEmpty { return .tensors }
        if !graphs.isEmpty { return .graphs }
        return .undefined
    }

    private func utf8String(_ bytes: Data, refusing refused: (String) -> EngineError) throws -> String {
        guard let text = String(data: bytes, encoding: .utf8) else {
            throw refused("holds a string that is not valid UTF-8")
        }
        return text
    }
}
