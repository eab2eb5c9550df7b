// ConvFusion: turns Conv followed by a residual Add and/or an element-wise activation
// (Relu, Clip with constant bounds, LeakyRelu, Sigmoid, per-channel PRelu) into one
// FusedConv node, so the work happens in the convolution's epilogue while the output is
// still in cache. FusedConv inputs: X, W, B, residual, slope ("" when absent).

enum ConvFusion {
    static func apply(_ graph: inout Graph) {
        var changed = true
        while changed {
            changed = fuseOnce(&graph)
        }
        dropUnusedInitializers(&graph)
    }

    /// Performs the first available fusion; true if the graph changed.
    private static func fuseOnce(_ graph: inout Graph) -> Bool {
        let usage = ValueUsage(graph)
        var producer: [String: Int] = [:]
        for (index, node) in graph.nodes.enumerated() {
            for output in node.outputs { producer[output] = index }
        }
        for (index, node) in graph.nodes.enumerated() where OperatorRegistry.isStandardDomain(node.domain) {
            if let fusion = fuseActivation(node, graph, usage, producer)
                ?? fuseResidual(node, graph, usage, producer) {
                // The fused node takes the later node's place; its inputs are all ready there.
                graph.nodes[index] = fusion.node
                graph.nodes.remove(at: fusion.convIndex)
                if let (name, tensor) = fusion.newInitializer { graph.initializers[name] = tensor }
                return true
            }
        }
        return false
    }

    /// One fusion found: the conv to remove and the node replacing the later one.
    private struct Fusion {
        let convIndex: Int
        let node: Node
        var newInitializer: (String, Tensor)? = nil
    }

    private static func convFeeding(_ value: String?, _ graph: Graph, _ usage: ValueUsage,
                                    _ producer: [String: Int]) -> (Int, Node)? {
        guard let value, usage.hasSingleReader(value), let index = producer[value] else { return nil }
        let node = graph.nodes[index]
        let isConv = (node.opType == "Conv" && OperatorRegistry.isStandardDomain(node.domain))
            || (node.opType == "FusedConv" && node.domain == OperatorRegistry.internalDomain)
        guard isConv, node.outputs.count == 1, node.attributes["activation"] == nil else { return nil }
        return (index, node)
    }

    private static func asFused(_ conv: Node) -> Node {
        var fused = conv
        fused.opType = "FusedConv"
        fused.domain = OperatorRegistry.internalDomain
        while fused.inputs.count < 5 { fused.inputs.append("") }
        return fused
    }

    private static func fuseActivation(_ node: Node, _ graph: Graph, _ usage: ValueUsage,
                                       _ producer: [String: Int]) -> Fusion? {
        let activation: String
        var parameters: [Float] = []
        var slope: String?
        switch node.opType {
        case "Relu", "Sigmoid":
            activation = node.opType
        case "LeakyRelu":
            activation = "LeakyRelu"
            parameters = [(try? node.float("alpha", default: 0.01)) ?? 0.01]
        case "Clip":
            activation = "Clip"
            func bound(_ index: Int, _ fallback: Float) -> Float? {
                guard let name = node.input(index) else { return fallback }
                guard let t = graph.initializers[name], t.elementType == .float32, t.count == 1 else { return nil }
                return t.floats[0]
            }
            guard let low = bound(1, -Float.greatestFiniteMagnitude),
                  let high = bound(2, Float.greatestFiniteMagnitude) else { return nil }
            parameters = [low, high]
        case "PRelu":
            activation = "PRelu"
            slope = node.input(1)
        default:
            return nil
        }
        guard let (convIndex, conv) = convFeeding(node.input(0), graph, usage, producer) else { return nil }
        var fused = asFused(conv)
        if let slope {
            // Only a slope per output channel ([C,1,1], [1,C,1,1]) or a single value fits the epilogue.
            guard let t = graph.initializers[slope], t.elementType == .float32,
                  let weights = conv.input(1).flatMap({ graph.initializers[$0] }),
                  let channels = weights.shape.first else { return nil }
            let perChannel = t.count == channels && (t.shape == [channels, 1, 1] || t.shape == [1, channels, 1, 1])
            guard perChannel || t.count == 1 else { return nil }
            let values = t.count == 1 ? [Float](repeating: t.floats[0], count: channels) : t.floats
            let name = uniqueName("\(node.name)_slope", in: graph)
            fused.inputs[4] = name
            fused.attributes["activation"] = .string("PRelu")
            fused.attributes["activation_params"] = .floats([])
            fused.outputs = node.outputs
            return Fusion(convIndex: convIndex, node: fused, newInitializer: (name, Tensor(shape: [channels], floats: values)))
        }
        fused.attributes["activation"] = .string(activation)
        fused.attributes["activation_params"] = .floats(parameters)
        fused.outputs = node.outputs
        return Fusion(convIndex: convIndex, node: fused)
    }

    private static func fuseResidual(_ node: Node, _ graph: Graph, _ usage: ValueUsage,
                                     _ producer: [String: Int]) -> Fusion? {
        guard node.opType == "Add", node.inputs.count == 2 else { return nil }
        for side in 0..<2 {
            guard let (convIndex, conv) = convFeeding(node.input(side), graph, usage, producer) else { continue }
            let other = node.inputs[1 - side]
            // A constant addend is a broadcast bias, not a residual; skip those.
            guard graph.initializers[other] == nil, other != node.inputs[side] else { continue }
            var fused = asFused(conv)
            guard fused.inputs[3].isEmpty else { continue }
            fused.inputs[3] = other
            fused.outputs = node.outputs
            return Fusion(convIndex: convIndex, node: fused)
        }
        return nil
    }
}
