// GraphProto+Writing: turns the engine's Graph — nodes, initialisers, declared inputs and
// outputs — back into ONNX protobuf messages for Model+ONNXWriting.

extension Onnx_GraphProto {
    /// The protobuf form of `graph`; initialisers are written in name order.
    init(engineGraph graph: Graph) {
        self.init()
        name = graph.name
        node = graph.nodes.map(Onnx_NodeProto.init(engineNode:))
        initializer = graph.initializers.keys.sorted().map { name in
            Onnx_TensorProto(engineTensor: graph.initializers[name]!, name: name)
        }
        input = graph.inputs.map(Onnx_ValueInfoProto.init(engineValueInfo:))
        output = graph.outputs.map(Onnx_ValueInfoProto.init(engineValueInfo:))
    }
}

extension Onnx_NodeProto {
    /// The protobuf form of `node`; attributes are written in name order.
    init(engineNode node: Node) {
        self.init()
        name = node.name
        opType = node.opType
        if !node.domain.isEmpty { domain = node.domain }
        input = node.inputs
        output = node.outputs
        attribute = node.attributes.keys.sorted().map { name in
            Onnx_AttributeProto(engineAttribute: node.attributes[name]!, name: name)
        }
    }
}

extension Onnx_ValueInfoProto {
    /// A tensor declaration: element type and, when known, the shape.
    init(engineValueInfo info: ValueInfo) {
        self.init()
        name = info.name
        var tensorType = Onnx_TypeProto.Tensor()
        tensorType.elemType = Int32(info.elementType.onnxDataType.rawValue)
        if let shape = info.shape {
            var shapeProto = Onnx_TensorShapeProto()
            shapeProto.dim = shape.map { dimension in
                var proto = Onnx_TensorShapeProto.Dimension()
                switch dimension {
                case .fixed(let size): proto.dimValue = Int64(size)
                case .symbolic(let name) where !name.isEmpty: proto.dimParam = name
                case .symbolic: break  // unknown and unnamed: no value at all
                }
                return proto
            }
            tensorType.shape = shapeProto
        }
        var type = Onnx_TypeProto()
        type.tensorType = tensorType
        self.type = type
    }
}
