// MBConvFusion: joins an inverted-residual block — an optional 1×1 expansion, a depthwise
// convolution and a 1×1 projection, each a Conv or FusedConv with constant weights, bias and
// slopes, the inner two values read only by the next stage — into one FusedMBConv node (see
// MBConvBlock), so that the block can run on bands of rows that stay in cache. Runs after
// ConvFusion, so the stages carry their activations and the projection its residual.

enum MBConvFusion {
    static func apply(_ graph: inout Graph) {
        while fuseOnce(&graph) {}
    }

    private static func fuseOnce(_ graph: inout Graph) -> Bool {
        let usage = ValueUsage(graph)
        var producer: [String: Int] = [:]
        for (index, node) in graph.nodes.enumerated() {
            for output in node.outputs { producer[output] = index }
        }
        /// The stage producing `value`, when it is a convolution of the wanted kind read only here.
        func stage(feeding value: String?, depthwise: Bool) -> Int? {
            guard let value, usage.hasSingleReader(value), let index = producer[value] else { return nil }
            let node = graph.nodes[index]
            guard isFusable(node, graph), node.input(3) == nil,
                  depthwise ? isDepthwise(node, graph) : isPointwise(node, graph) else { return nil }
            return index
        }
        for (index, node) in graph.nodes.enumerated() where isFusable(node, graph) && isPointwise(node, graph) {
            guard let depthwiseIndex = stage(feeding: node.input(0), depthwise: true) else { continue }
            var indices = [depthwiseIndex, index]
            if let expandIndex = stage(feeding: graph.nodes[depthwiseIndex].input(0), depthwise: false) {
                indices.insert(expandIndex, at: 0)
            }
            let names = Array(MBConvKernel.stageNames.suffix(indices.count))
            let stages = indices.map { graph.nodes[$0] }
            var fused = Node(name: stages.map(\.name).joined(separator: " + "), opType: "FusedMBConv",
                             domain: OperatorRegistry.internalDomain, inputs: [stages[0].inputs[0]],
                             outputs: node.outputs, attributes: ["stages": .strings(names)])
            for (name, stage) in zip(names, stages) {
                fused.inputs += (1...4).map { stage.input($0) ?? "" }
                for (key, value) in stage.attributes { fused.attributes["\(name).\(key)"] = value }
            }
            // The block takes the projection's place, where its input and residual are ready.
            graph.nodes[index] = fused
            for removed in indices.dropLast().sorted(by: >) { graph.nodes.remove(at: removed) }
            return true
        }
        return false
    }

    /// A Conv or FusedConv whose weights, bias and slopes are constants.
    private static func isFusable(_ node: Node, _ graph: Graph) -> Bool {
        let isConv = (node.opType == "Conv" && OperatorRegistry.isStandardDomain(node.domain))
            || (node.opType == "FusedConv" && node.domain == OperatorRegistry.internalDomain)
        guard isConv, node.outputs.count == 1, let weights = node.input(1).flatMap({ graph.initializers[$0] }),
              weights.elementType == .float32, weights.rank == 4 else { return false }
        return [2, 4].allSatisfy { node.input($0).map { graph.initializers[$0]?.elementType == .float32 } ?? true }
    }

    private static func weightShape(_ node: Node, _ graph: Graph) -> [Int] {
        node.input(1).flatMap { graph.initializers[$0]?.shape } ?? []
    }

    /// 1×1, stride 1, no padding, one group.
    private static func isPointwise(_ node: Node, _ graph: Graph) -> Bool {
        let shape = weightShape(node, graph)
        return shape.count == 4 && shape[2] == 1 && shape[3] == 1
            && ((try? node.int("group", default: 1)) ?? 0) == 1
            && ((try? node.ints("strides", default: [1, 1])) ?? []) == [1, 1]
            && ((try? node.ints("pads", default: [0, 0, 0, 0])) ?? []).allSatisfy { $0 == 0 }
            && ["NOTSET", "VALID"].contains((try? node.string("auto_pad", default: "NOTSET")) ?? "")
    }

    /// One filter per channel.
    private static func isDepthwise(_ node: Node, _ graph: Graph) -> Bool {
        let shape = weightShape(node, graph)
        return shape.count == 4 && shape[1] == 1 && shape[0] > 1
            && ((try? node.int("group", default: 1)) ?? 0) == shape[0]
    }
}
