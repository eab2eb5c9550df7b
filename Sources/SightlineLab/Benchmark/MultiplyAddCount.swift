// MultiplyAddCount: how many multiply-adds one inference of a model costs, counted from its
// graph — every Conv, Gemm and MatMul node's output size times the length of the dot product
// behind each output value — with the output sizes the engine computes for a given input.
// Twice the count is the model's FLOPs, which turns a latency into achieved GFLOP/s.
import Foundation
import SightlineCommandSupport
import SightlineEngine
import SightlineImaging
import SightlineVision

struct MultiplyAddCount {
    /// The nodes counted, by kind.
    enum Kind: String, CaseIterable {
        case pointwiseConvolution = "1×1 convolution"
        case depthwiseConvolution = "depthwise convolution"
        case otherConvolution = "other convolution"
        case matrixProduct = "matrix product"
    }

    /// Multiply-adds of each kind (kinds the model does not use are absent).
    let byKind: [Kind: Int]

    var total: Int { byKind.values.reduce(0, +) }
    var flops: Int { 2 * total }

    /// Counts the graph of the installed classifier `installed` for one image (its manifest's
    /// input size). The engine runs it once, unoptimised, on zeros, with every counted node's
    /// output made a graph output so its shape is known.
    ///
    /// - Throws: `CommandFailure` when the model cannot be loaded or run, or a counted node's
    ///   weights are not constants.
    static func of(_ installed: InstalledModel) throws -> MultiplyAddCount {
        let url = installed.modelURL
        var model: Model
        let outputs: [String: Tensor]
        let counted: [Node]
        do {
            let inputShape = try installed.manifest.imagePreprocessing().tensorShape(batchSize: 1)
            model = try installed.loadONNX()
            counted = model.graph.nodes.filter { ["Conv", "Gemm", "MatMul"].contains($0.opType) }
            let known = Set(model.graph.outputs.map(\.name))
            model.graph.outputs += counted.compactMap(\.outputs.first).filter { !known.contains($0) }
                .map { ValueInfo(name: $0, elementType: .float32, shape: nil) }
            let session = try InferenceSession(model: model, options: SessionOptions(threads: 1, optimize: false))
            outputs = try session.run([installed.manifest.input.name: Tensor(zeros: inputShape)])
        } catch let error as EngineError {
            throw CommandFailure("Cannot count the multiply-adds of \(url.path): \(error)")
        }
        var byKind: [Kind: Int] = [:]
        for node in counted {
            guard let outputName = node.outputs.first, let output = outputs[outputName] else {
                throw CommandFailure("The engine did not return the output of \(node.opType) node '\(node.name)' of \(url.path).")
            }
            let (kind, dotLength) = try product(node, in: model.graph, file: url)
            byKind[kind, default: 0] += output.count * dotLength
        }
        return MultiplyAddCount(byKind: byKind)
    }

    /// The node's kind and how many multiply-adds make one of its output values.
    private static func product(_ node: Node, in graph: Graph, file: URL) throws -> (Kind, Int) {
        guard let weightName = node.input(1), let weights = graph.initializers[weightName], weights.rank >= 2 else {
            throw CommandFailure("\(node.opType) node '\(node.name)' of \(file.path) has no constant weights to count.")
        }
        switch node.opType {
        case "Conv":
            // Weights are [output channels, input channels ÷ group, kernel…].
            let kernel = weights.shape.dropFirst(2).reduce(1, *)
            let group = try node.int("group", default: 1)
            let kind: Kind = group > 1 && weights.shape[1] == 1 ? .depthwiseConvolution
                : kernel == 1 ? .pointwiseConvolution : .otherConvolution
            return (kind, weights.shape[1] * kernel)
        case "Gemm":
            return (.matrixProduct, try node.int("transB", default: 0) == 0 ? weights.shape[0] : weights.shape[1])
        default:
            return (.matrixProduct, weights.shape[weights.rank - 2])
        }
    }
}
