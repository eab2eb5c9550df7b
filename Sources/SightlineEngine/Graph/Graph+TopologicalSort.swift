// Graph+TopologicalSort: puts a graph's nodes in an order where every node comes after the
// nodes whose outputs it reads, keeping the file's order wherever the dependencies allow, and
// names the nodes of a cycle when there is no such order.

extension Graph {
    /// This graph with its nodes in topological order. A graph that is already ordered comes
    /// back unchanged; otherwise each node is moved just after the nodes it depends on.
    ///
    /// Values nothing produces and values produced twice are left for `GraphValidator` to
    /// report; a cycle throws `EngineError.invalidGraph` naming the nodes on it.
    public func sortedTopologically() throws -> Graph {
        var producer: [String: Int] = [:]
        for (index, node) in nodes.enumerated() {
            for output in node.outputs where !output.isEmpty && producer[output] == nil {
                producer[output] = index
            }
        }
        if isOrdered(producer: producer) { return self }

        enum Mark { case unvisited, inProgress, done }
        var marks = [Mark](repeating: .unvisited, count: nodes.count)
        var order: [Int] = []
        order.reserveCapacity(nodes.count)
        // Depth-first search without recursion, so very deep graphs cannot overflow the stack:
        // each entry is a node and the position of the next input to follow.
        var stack: [(node: Int, nextInput: Int)] = []
        for root in nodes.indices where marks[root] == .unvisited {
            marks[root] = .inProgress
            stack.append((root, 0))
            while let (current, nextInput) = stack.last {
                let inputs = nodes[current].inputs
                guard nextInput < inputs.count else {
                    stack.removeLast()
                    marks[current] = .done
                    order.append(current)
                    continue
                }
                stack[stack.count - 1].nextInput += 1
                guard let dependency = producer[inputs[nextInput]] else { continue }
                switch marks[dependency] {
                case .unvisited:
                    marks[dependency] = .inProgress
                    stack.append((dependency, 0))
                case .inProgress:
                    let cycleStart = stack.firstIndex { $0.node == dependency }!
                    throw cycleError(through: stack[cycleStart...].map(\.node))
                case .done:
                    continue
                }
            }
        }
        var sorted = self
        sorted.nodes = order.map { nodes[$0] }
        return sorted
    }

    /// Whether every node's inputs are produced by earlier nodes (or by no node at all).
    private func isOrdered(producer: [String: Int]) -> Bool {
        nodes.indices.allSatisfy { index in
            nodes[index].inputs.allSatisfy { input in (producer[input] ?? -1) < index }
        }
    }

    /// The error for a cycle, given its nodes in order, each reading an output of the next
    /// and the last reading an output of the first.
    private func cycleError(through cycle: [Int]) -> EngineError {
        let names = (cycle + [cycle[0]]).map { "'\(nodes[$0].name)'" }
        return EngineError.invalidGraph(reason:
            "nodes form a cycle: \(names.joined(separator: " → ")) (each reads an output of the next); "
            + "an ONNX graph must be acyclic")
    }
}
