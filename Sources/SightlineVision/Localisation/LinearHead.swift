// LinearHead: the last layer of a "pool, then linear" classifier, read out of the ONNX graph —
// the weights that turn each channel of the pooled feature map into a class score. Class
// activation maps apply the same weights to the feature map before pooling.
import SightlineEngine

/// The weights of a classifier's final linear layer: `score[c] = Σₖ weight(c, k) · pooled[k] + bias[c]`.
struct LinearHead: Sendable {
    let classCount: Int
    let channelCount: Int
    /// Row-major [classCount, channelCount], already scaled by the Gemm's alpha.
    let weights: [Float]
    /// One per class, already scaled by the Gemm's beta (zeros when the layer has none).
    let bias: [Float]

    /// Finds the Gemm producing `logitsName` and checks that its input is the global average of
    /// `featureMapName` (through GlobalAveragePool or ReduceMean over H and W, then Flatten or
    /// Reshape, in any order the graph uses).
    ///
    /// - Throws: `LocalizationError.unsupportedHead` saying which link of the chain is missing.
    init(graph: Graph, logitsName: String, featureMapName: String, model: String) throws {
        func fail(_ reason: String) -> LocalizationError { .unsupportedHead(model: model, reason: reason) }
        let producers = Dictionary(graph.nodes.flatMap { node in node.outputs.map { ($0, node) } },
                                   uniquingKeysWith: { first, _ in first })
        guard let gemm = producers[logitsName], gemm.opType == "Gemm", gemm.inputs.count >= 2 else {
            throw fail("the output '\(logitsName)' is not computed by a Gemm (linear) layer")
        }
        let transA: Int, transB: Int, alpha: Float, beta: Float
        do {
            transA = try gemm.int("transA", default: 0)
            transB = try gemm.int("transB", default: 0)
            alpha = try gemm.float("alpha", default: 1)
            beta = try gemm.float("beta", default: 1)
        } catch {
            throw fail("its linear layer has unreadable attributes (\(error))")
        }
        guard transA == 0 else { throw fail("its linear layer transposes its input") }
        guard let weight = graph.initializers[gemm.inputs[1]], weight.rank == 2, weight.elementType == .float32 else {
            throw fail("the linear layer's weights are not a constant float matrix")
        }

        var value = gemm.inputs[0]
        var pooled = false
        while value != featureMapName {
            guard let node = producers[value], let source = node.input(0) else {
                throw fail("the linear layer's input '\(gemm.inputs[0])' does not come from '\(featureMapName)'")
            }
            switch node.opType {
            case "GlobalAveragePool":
                pooled = true
            case "ReduceMean":
                // Opset 18 moved the axes from an attribute to a second, constant input.
                let axes = (try? node.ints("axes"))
                    ?? node.input(1).flatMap { graph.initializers[$0]?.int64s.map(Int.init) } ?? []
                guard Set(axes) == [2, 3] || Set(axes) == [-2, -1] else {
                    throw fail("'\(node.name)' averages over axes \(axes), not height and width")
                }
                pooled = true
            case "Flatten", "Reshape", "Squeeze", "Identity":
                break
            default:
                throw fail("'\(node.name)' (\(node.opType)) sits between the feature map and the linear layer")
            }
            value = source
        }
        guard pooled else { throw fail("the feature map reaches the linear layer without global average pooling") }

        let (rows, columns) = (weight.shape[0], weight.shape[1])
        classCount = transB == 1 ? rows : columns
        channelCount = transB == 1 ? columns : rows
        let values = weight.floats
        var arranged = [Float](repeating: 0, count: classCount * channelCount)
        for c in 0 ..< classCount {
            for k in 0 ..< channelCount {
                arranged[c * channelCount + k] = alpha * (transB == 1 ? values[c * columns + k] : values[k * columns + c])
            }
        }
        weights = arranged

        if let biasName = gemm.input(2), !biasName.isEmpty {
            guard let tensor = graph.initializers[biasName], tensor.elementType == .float32,
                  tensor.count == classCount || tensor.count == 1 else {
                throw fail("the linear layer's bias is not a constant with one value per class")
            }
            let values = tensor.floats
            bias = (0 ..< classCount).map { beta * values[tensor.count == 1 ? 0 : $0] }
        } else {
            bias = [Float](repeating: 0, count: classCount)
        }
    }
}
