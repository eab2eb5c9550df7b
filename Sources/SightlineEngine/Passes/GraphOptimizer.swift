// GraphOptimizer: the load-time passes, in order — drop identities, fold BatchNorm into
// the preceding Conv, fuse a following activation and a residual Add into the Conv, then join
// each inverted-residual block (expansion, depthwise, projection) into one node.
// Each pass keeps the graph's meaning; tests compare optimised and plain runs.

enum GraphOptimizer {
    static func optimize(_ graph: Graph) -> Graph {
        var graph = graph
        IdentityElimination.apply(&graph)
        BatchNormFolding.apply(&graph)
        ConvFusion.apply(&graph)
        MBConvFusion.apply(&graph)
        return graph
    }
}

/// Who reads each value, for the passes' "used only here" checks.
struct ValueUsage {
    private var readers: [String: Int] = [:]
    private let graphOutputs: Set<String>

    init(_ graph: Graph) {
        graphOutputs = Set(graph.outputs.map(\.name))
        for node in graph.nodes {
            for input in node.inputs where !input.isEmpty { readers[input, default: 0] += 1 }
        }
    }

    /// True when `value` is read by exactly one node and is not a graph output.
    func hasSingleReader(_ value: String) -> Bool {
        readers[value] == 1 && !graphOutputs.contains(value)
    }

    func isGraphOutput(_ value: String) -> Bool { graphOutputs.contains(value) }
}
