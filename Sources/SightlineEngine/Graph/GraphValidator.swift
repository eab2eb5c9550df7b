// GraphValidator: the structural checks a Graph must pass before anything runs — every value
// defined exactly once and before it is read, every graph output produced, declared shapes
// sensible. Whether each operator's attributes are supported is checked when the runtime
// compiles the graph.

/// Structural validation of a `Graph`.
public enum GraphValidator {
    /// Throws `EngineError.invalidGraph` describing the first problem found:
    /// - a graph input without a name, or declared twice, or also an initialiser;
    /// - a value produced twice (by two nodes, or by a node and a graph input or initialiser);
    /// - a node reading a value that nothing defines, or that only a later node produces
    ///   (nodes must be in topological order; `Graph.sortedTopologically()` puts them so);
    /// - a graph output that nothing defines;
    /// - a negative dimension in a declared input or output shape, or one outside `ShapeBounds`
    ///   (a dimension above 2³¹ − 1, or an element count too large to represent).
    public static func validate(_ graph: Graph) throws {
        var definedBy: [String: String] = [:]
        for input in graph.inputs {
            guard !input.name.isEmpty else { throw invalid("a graph input has no name") }
            guard definedBy[input.name] == nil else {
                throw invalid("graph input '\(input.name)' is declared twice")
            }
            definedBy[input.name] = "graph input"
        }
        for name in graph.initializers.keys.sorted() {
            if definedBy[name] != nil {
                throw invalid("'\(name)' is both a graph input and an initialiser")
            }
            definedBy[name] = "initialiser"
        }

        var producer: [String: Int] = [:]
        for (index, node) in graph.nodes.enumerated() {
            for output in node.outputs where !output.isEmpty {
                if let earlier = producer[output] {
                    throw invalid("value '\(output)' is produced twice: by node '\(graph.nodes[earlier].name)' "
                                  + "and by node '\(node.name)'")
                }
                if let definition = definedBy[output] {
                    throw invalid("value '\(output)' is a \(definition) and is also produced by node '\(node.name)'")
                }
                producer[output] = index
            }
        }

        for (index, node) in graph.nodes.enumerated() {
            for input in node.inputs where !input.isEmpty && definedBy[input] == nil {
                guard let source = producer[input] else {
                    throw invalid("node '\(node.name)' (\(node.opType)) reads '\(input)', which is not a graph input, "
                                  + "an initialiser or the output of any node")
                }
                if source >= index {
                    throw invalid("node '\(node.name)' (\(node.opType)) reads '\(input)' before node "
                                  + "'\(graph.nodes[source].name)' produces it; nodes must be in topological order")
                }
            }
        }

        for output in graph.outputs where definedBy[output.name] == nil && producer[output.name] == nil {
            throw invalid("graph output '\(output.name)' is not produced by any node, input or initialiser")
        }

        for (role, values) in [("graph input", graph.inputs), ("graph output", graph.outputs)] {
            for value in values {
                for case .fixed(let size) in value.shape ?? [] where size < 0 {
                    throw invalid("\(role) '\(value.name)' declares the negative dimension \(size) "
                                  + "in its shape \(value.shape ?? [])")
                }
                let fixedSizes = (value.shape ?? []).compactMap { if case .fixed(let size) = $0 { size } else { nil } }
                if let problem = ShapeBounds.problem(with: fixedSizes) {
                    throw invalid("\(role) '\(value.name)' declares the shape \(value.shape ?? []): \(problem)")
                }
            }
        }
    }

    private static func invalid(_ reason: String) -> EngineError {
        EngineError.invalidGraph(reason: reason)
    }
}
