// IdentityElimination: removes Identity nodes and inference-time Dropout nodes by letting
// their readers use the input directly.

enum IdentityElimination {
    static func apply(_ graph: inout Graph) {
        let usage = ValueUsage(graph)
        var renamed: [String: String] = [:]
        var kept: [Node] = []
        for var node in graph.nodes {
            node.inputs = node.inputs.map { renamed[$0] ?? $0 }
            let isIdentity = node.opType == "Identity"
                || (node.opType == "Dropout" && node.outputs.dropFirst().allSatisfy { $0.isEmpty })
            // A malformed node without an output is left for its kernel to refuse.
            if isIdentity && OperatorRegistry.isStandardDomain(node.domain), let input = node.input(0),
               let output = node.outputs.first, !output.isEmpty, !usage.isGraphOutput(output) {
                renamed[output] = input
                continue
            }
            kept.append(node)
        }
        graph.nodes = kept
    }
}
