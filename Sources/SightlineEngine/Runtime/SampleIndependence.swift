// SampleIndependence: decides whether a graph treats the samples of a batch (dimension 0
// of its inputs) independently, so that a batch can be run one sample at a time — each
// sample's activations then stay in cache from layer to layer, and with several threads
// whole samples run side by side with no synchronisation between kernels.
//
// The rules are conservative: an operator not listed, or used in a way that could mix
// samples (reshapes, slicing, a constant operand with its own batch dimension), keeps the
// batch together.

enum SampleIndependence {
    static func holds(for graph: Graph, opset: Int) -> Bool {
        guard !graph.inputs.isEmpty, graph.inputs.allSatisfy({ input in
            // The batch dimension must be free: a sample alone is a batch of 1.
            guard let shape = input.shape, shape.count >= 2, case .symbolic = shape[0] else { return false }
            return graph.initializers[input.name] == nil
        }) else { return false }
        return graph.nodes.allSatisfy { node in nodeKeepsSamplesApart(node, graph, opset) }
    }

    private static func nodeKeepsSamplesApart(_ node: Node, _ graph: Graph, _ opset: Int) -> Bool {
        func constant(_ index: Int) -> Tensor? { node.input(index).flatMap { graph.initializers[$0] } }
        func constantOrAbsent(_ index: Int) -> Bool { node.input(index) == nil || constant(index) != nil }
        /// A constant operand that broadcasts the same values to every sample.
        func sharedConstant(_ tensor: Tensor) -> Bool { tensor.rank <= 1 || tensor.shape[0] == 1 }
        let standard = OperatorRegistry.isStandardDomain(node.domain)
        if node.domain == OperatorRegistry.internalDomain {
            switch node.opType {
            case "FusedConv":
                return constant(1) != nil && constantOrAbsent(2) && constantOrAbsent(4)
            case "FusedMBConv":
                // Four inputs per stage after the block's input: weights, bias, residual, slope.
                let stages = (node.inputs.count - 1) / 4
                return stages >= 2 && (0..<stages).allSatisfy { stage in
                    constant(1 + 4 * stage) != nil && constantOrAbsent(2 + 4 * stage) && constantOrAbsent(4 + 4 * stage)
                }
            default:
                return false
            }
        }
        guard standard else { return false }
        switch node.opType {
        case "Conv":
            return constant(1) != nil && constantOrAbsent(2)
        case "BatchNormalization":
            return (1...4).allSatisfy { constant($0) != nil }
        case "Relu", "Sigmoid", "Tanh", "LeakyRelu", "Identity", "Dropout",
             "MaxPool", "AveragePool", "GlobalAveragePool", "GlobalMaxPool":
            return true
        case "Clip":
            return constantOrAbsent(1) && constantOrAbsent(2)
        case "PRelu":
            return constant(1).map(sharedConstant) ?? false
        case "Softmax":
            let axis = (try? node.int("axis", default: opset < 13 ? 1 : -1)) ?? 0
            return axis >= 1 || (opset >= 13 && axis == -1)
        case "Flatten":
            return ((try? node.int("axis", default: 1)) ?? 0) >= 1
        case "Gemm":
            let transA = (try? node.int("transA", default: 0)) ?? 1
            return transA == 0 && constant(1) != nil && (node.input(2) == nil || constant(2).map(sharedConstant) == true)
        case "MatMul":
            return constant(1)?.rank == 2
        case "Add", "Sub", "Mul", "Div":
            return (0..<2).allSatisfy { index in constant(index).map(sharedConstant) ?? true }
        case "Concat":
            let axis = (try? node.int("axis")) ?? 0
            return axis >= 1 && node.inputs.indices.allSatisfy { constant($0) == nil }
        case "Transpose":
            return ((try? node.ints("perm")) ?? [])?.first == 0
        default:
            return false
        }
    }
}
