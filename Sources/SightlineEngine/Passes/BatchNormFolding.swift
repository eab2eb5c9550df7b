// BatchNormFolding: Conv → BatchNormalization with constant parameters becomes one Conv
// whose weights and bias absorb the normalisation:
//   s = scale / sqrt(var + ε);  W'[m] = W[m] · s[m];  b'[m] = (b[m] − mean[m]) · s[m] + beta[m].

enum BatchNormFolding {
    static func apply(_ graph: inout Graph) {
        let usage = ValueUsage(graph)
        var producer: [String: Int] = [:]
        for (index, node) in graph.nodes.enumerated() {
            for output in node.outputs { producer[output] = index }
        }
        var removed = Set<Int>()
        for (index, bn) in graph.nodes.enumerated() where bn.opType == "BatchNormalization"
            && OperatorRegistry.isStandardDomain(bn.domain) && bn.outputs.count == 1 {
            guard let x = bn.input(0), let convIndex = producer[x], usage.hasSingleReader(x) else { continue }
            let conv = graph.nodes[convIndex]
            guard conv.opType == "Conv", OperatorRegistry.isStandardDomain(conv.domain),
                  let weightName = conv.input(1), let weights = graph.initializers[weightName],
                  weights.elementType == .float32, weights.rank >= 2,
                  let parameters = try? (1...4).map({ i -> [Float] in
                      guard let name = bn.input(i), let t = graph.initializers[name], t.elementType == .float32 else {
                          throw EngineError.invalidGraph(reason: "not constant")
                      }
                      return t.floats
                  }),
                  let epsilon = try? bn.float("epsilon", default: 1e-5)
            else { continue }
            let channels = weights.shape[0]
            guard channels > 0, parameters.allSatisfy({ $0.count == channels }) else { continue }
            let bias = conv.input(2).flatMap { graph.initializers[$0] }
            if conv.input(2) != nil && (bias == nil || bias!.count != channels) { continue }
            let (scale, beta, mean, variance) = (parameters[0], parameters[1], parameters[2], parameters[3])
            let perChannel = weights.count / channels
            var w = weights.floats
            var b = bias?.floats ?? [Float](repeating: 0, count: channels)
            for m in 0..<channels {
                let s = scale[m] / (variance[m] + epsilon).squareRoot()
                for i in 0..<perChannel { w[m * perChannel + i] *= s }
                b[m] = (b[m] - mean[m]) * s + beta[m]
            }
            let weightOut = uniqueName("\(conv.name)_folded_weight", in: graph)
            let biasOut = uniqueName("\(conv.name)_folded_bias", in: graph)
            graph.initializers[weightOut] = Tensor(shape: weights.shape, floats: w)
            graph.initializers[biasOut] = Tensor(shape: [channels], floats: b)
            var folded = conv
            folded.inputs = [conv.inputs[0], weightOut, biasOut]
            folded.outputs = [bn.outputs[0]]
            graph.nodes[convIndex] = folded
            removed.insert(index)
        }
        graph.nodes = graph.nodes.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
        dropUnusedInitializers(&graph)
    }
}

/// A value name not yet used in the graph, based on `base`.
func uniqueName(_ base: String, in graph: Graph) -> String {
    var used = Set(graph.initializers.keys)
    for node in graph.nodes { used.formUnion(node.outputs) }
    var name = base
    var counter = 1
    while used.contains(name) {
        name = "\(base)_\(counter)"
        counter += 1
    }
    return name
}

/// Removes initialisers no node reads and no output names (left behind by folding).
func dropUnusedInitializers(_ graph: inout Graph) {
    var used = Set(graph.outputs.map(\.name))
    for node in graph.nodes { used.formUnion(node.inputs) }
    graph.initializers = graph.initializers.filter { used.contains($0.key) }
}
