// GraphProto+Conversion: turns the main ONNX graph into the engine's Graph — nodes with their
// attributes, initialisers, and the declared inputs and outputs. Structural checks of the
// result (order, missing or duplicate values) are GraphValidator's job.

extension Onnx_GraphProto {
    /// The graph as the engine stores it.
    ///
    /// - Nodes without a name are called "<op>_<index>" (index in file order).
    /// - Nodes must be in the standard ONNX domain, written "" in the result.
    /// - Initialisers nothing reads and whose element type the engine cannot represent are
    ///   dropped; every other initialiser is converted and checked.
    /// - Graph inputs that are also initialisers (older exporters list weights as inputs) are
    ///   treated as constants and left out of `inputs`.
    func engineGraph() throws -> Graph {
        let nodes = try node.enumerated().map { index, proto in try proto.engineNode(index: index) }

        var readValues = Set(nodes.flatMap(\.inputs))
        readValues.formUnion(output.map(\.name))
        var initializers: [String: Tensor] = [:]
        var initializerNames: Set<String> = []
        for proto in initializer {
            guard !proto.name.isEmpty else {
                throw EngineError.malformedModel(reason: "an initialiser has no name")
            }
            guard initializerNames.insert(proto.name).inserted else {
                throw EngineError.invalidGraph(reason: "initialiser '\(proto.name)' is defined twice")
            }
            if !proto.hasSupportedElementType && !readValues.contains(proto.name) { continue }
            initializers[proto.name] = try proto.engineTensor(label: proto.name)
        }

        let declaredInputs = input.filter { !initializerNames.contains($0.name) }
        return Graph(name: name,
                     nodes: nodes,
                     initializers: initializers,
                     inputs: try declaredInputs.map { try $0.engineValueInfo(role: "graph input") },
                     outputs: try output.map { try $0.engineValueInfo(role: "graph output") })
    }
}

extension Onnx_NodeProto {
    /// The node as the engine stores it; `index` is its position in the file.
    func engineNode(index: Int) throws -> Node {
        guard !opType.isEmpty else {
            throw EngineError.malformedModel(reason: "node \(name.isEmpty ? "number \(index)" : "'\(name)'") has no operator type")
        }
        let nodeName = name.isEmpty ? "\(opType)_\(index)" : name
        guard domain.isEmpty || domain == "ai.onnx" else {
            throw EngineError.unsupportedOperator(node: nodeName, op: opType, domain: domain)
        }
        var attributes: [String: Attribute] = [:]
        for proto in attribute {
            guard !proto.name.isEmpty else {
                throw EngineError.malformedModel(reason: "node '\(nodeName)' (\(opType)) has an attribute without a name")
            }
            guard attributes[proto.name] == nil else {
                throw EngineError.invalidAttribute(node: nodeName, op: opType, attribute: proto.name,
                                                   reason: "is given twice")
            }
            attributes[proto.name] = try proto.engineAttribute(node: nodeName, op: opType)
        }
        return Node(name: nodeName, opType: opType, domain: "", inputs: input, outputs: output,
                    attributes: attributes)
    }
}
