// ValueInfoProto+Conversion: turns a declared ONNX graph input or output (name, element type,
// shape) into the engine's ValueInfo.

extension Onnx_ValueInfoProto {
    /// The declaration as the engine stores it.
    ///
    /// - Parameter role: "graph input" or "graph output", for error messages.
    func engineValueInfo(role: String) throws -> ValueInfo {
        guard !name.isEmpty else {
            throw EngineError.malformedModel(reason: "a \(role) has no name")
        }
        guard hasType else {
            throw EngineError.malformedModel(reason: "\(role) '\(name)' declares no type")
        }
        guard case .tensorType(let tensorType)? = type.value else {
            throw EngineError.invalidGraph(reason:
                "\(role) '\(name)' is not a tensor (a sequence, map, optional or sparse value); only tensors are supported")
        }
        guard tensorType.elemType != Int32(Onnx_TensorProto.DataType.undefined.rawValue) else {
            throw EngineError.malformedModel(reason: "\(role) '\(name)' declares no element type")
        }
        guard let elementType = Onnx_TensorProto.DataType(rawValue: Int(tensorType.elemType))?.engineElementType else {
            throw EngineError.unsupportedElementType(tensor: name,
                                                     type: Onnx_TensorProto.DataType.displayName(ofCode: tensorType.elemType))
        }
        let shape: [Dimension]? = tensorType.hasShape ? tensorType.shape.dim.map(\.engineDimension) : nil
        return ValueInfo(name: name, elementType: elementType, shape: shape)
    }
}

extension Onnx_TensorShapeProto.Dimension {
    /// A fixed size, a named symbolic size, or an unnamed unknown size (symbolic "").
    var engineDimension: Dimension {
        switch value {
        case .dimValue(let size)?: return .fixed(Int(size))
        case .dimParam(let name)?: return .symbolic(name)
        case nil: return .symbolic("")
        }
    }
}
