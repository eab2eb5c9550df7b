// ExecutionPlan: a graph compiled for running — every value numbered, a kernel per node in
// order, constants loaded, and for each step the values whose last reader it is (so their
// buffers go back to the pool as soon as possible).

struct ExecutionPlan {
    struct Step {
        let kernel: Kernel
        let inputs: [Int]      // value ids, -1 for an omitted optional input
        let outputs: [Int]     // value ids, -1 for an omitted output
        let releases: [Int]    // values no longer needed after this step
    }

    let valueCount: Int
    let constants: [(id: Int, value: RuntimeValue)]
    let inputs: [(id: Int, info: ValueInfo)]
    let outputs: [(id: Int, name: String)]
    let steps: [Step]

    init(graph: Graph, opset: Int) throws {
        var ids: [String: Int] = [:]
        func id(_ name: String) -> Int {
            if let existing = ids[name] { return existing }
            ids[name] = ids.count
            return ids.count - 1
        }
        let inputs = graph.inputs.filter { graph.initializers[$0.name] == nil }.map { (id($0.name), $0) }
        var kernels: [(Kernel, [Int], [Int])] = []
        for node in graph.nodes {
            let context = CompileContext(node: node, opset: opset, constants: graph.initializers)
            let kernel = try OperatorRegistry.makeKernel(context)
            let prepacked = kernel.prepackedInputs
            let inputIDs = node.inputs.enumerated().map { index, name in
                name.isEmpty || prepacked.contains(index) ? -1 : id(name)
            }
            kernels.append((kernel, inputIDs, node.outputs.map { $0.isEmpty ? -1 : id($0) }))
        }
        // Only initialisers some kernel still reads at run time are kept as values.
        var constants: [(Int, RuntimeValue)] = []
        for (name, tensor) in graph.initializers.sorted(by: { $0.key < $1.key }) {
            if let existing = ids[name] { constants.append((existing, RuntimeValue(constant: tensor))) }
        }
        let outputs = graph.outputs.map { (id($0.name), $0.name) }
        for (_, name) in outputs where ids[name] == nil {
            throw EngineError.invalidGraph(reason: "graph output '\(name)' is never produced")
        }

        // The last step reading each value; outputs and constants are never released.
        let pinned = Set(outputs.map(\.0)).union(constants.map(\.0))
        var lastUse = [Int](repeating: -1, count: ids.count)
        for (index, kernel) in kernels.enumerated() {
            for value in kernel.1 + kernel.2 where value >= 0 { lastUse[value] = index }
        }
        var releases = [[Int]](repeating: [], count: kernels.count)
        for (value, step) in lastUse.enumerated() where step >= 0 && !pinned.contains(value) {
            releases[step].append(value)
        }
        self.valueCount = ids.count
        self.constants = constants
        self.inputs = inputs
        self.outputs = outputs
        self.steps = kernels.enumerated().map { index, kernel in
            Step(kernel: kernel.0, inputs: kernel.1, outputs: kernel.2, releases: releases[index])
        }
    }
}
