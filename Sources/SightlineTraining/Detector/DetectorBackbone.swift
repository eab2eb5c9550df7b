// DetectorBackbone: the frozen feature extractor a detector is trained on — an installed
// classifier's graph (EfficientNet-Lite) cut after the last block of each stage at strides 8,
// 16 and 32 and fed a square letterboxed input. Its feature maps are what the head learns
// from, and its pruned graph is the first part of the exported detector.
import Foundation
import SightlineEngine
import SightlineVision

final class DetectorBackbone: @unchecked Sendable {
    /// The installed classifier the features come from.
    let model: InstalledModel
    /// The side of the square input.
    let inputSide: Int
    /// The graph from the image input to the feature maps, finest first.
    let graph: Graph
    let featureNames: [String]
    let strides: [Int]
    let channels: [Int]
    let sizes: [(height: Int, width: Int)]
    let session: InferenceSession

    /// The strides whose feature maps the head reads.
    static let featureStrides = [8, 16, 32]

    /// - Throws: `DetectorTrainingError.unusableBackbone` when the model is not an
    ///   EfficientNet-style graph with blocks ending at the feature strides, or cannot run.
    init(model: InstalledModel, inputSide: Int, threads: Int) throws {
        func unusable(_ reason: String) -> DetectorTrainingError { .unusableBackbone(model: model.name, reason: reason) }
        let onnx: Model
        do {
            onnx = try model.loadONNX()
        } catch {
            throw unusable("its ONNX file cannot be loaded (\(error))")
        }
        guard let input = onnx.graph.inputs.first, onnx.graph.inputs.count == 1 else {
            throw unusable("it has \(onnx.graph.inputs.count) inputs; a backbone takes one image")
        }
        // The last node of every block ("_blocks.N.…"): the candidates for a stage's end.
        var blockEnds: [Int: String] = [:]
        for node in onnx.graph.nodes {
            guard node.name.hasPrefix("_blocks."), let output = node.outputs.first else { continue }
            let index = node.name.dropFirst("_blocks.".count).prefix { $0.isNumber }
            if let block = Int(index) { blockEnds[block] = output }
        }
        guard !blockEnds.isEmpty else {
            throw unusable("its graph has no '_blocks.N' nodes; detectors are trained on the EfficientNet-Lite backbones")
        }
        let candidates = blockEnds.keys.sorted().map { blockEnds[$0]! }
        let probeInput = ValueInfo(name: input.name, elementType: .float32,
                                   shape: [.symbolic("batch"), .fixed(3), .fixed(inputSide), .fixed(inputSide)])
        let probeGraph = Self.pruned(onnx.graph, input: probeInput, outputs: candidates)
        let probe: [String: Tensor]
        do {
            let session = try InferenceSession(model: Model(irVersion: onnx.irVersion, opsetVersion: onnx.opsetVersion,
                                                            producerName: onnx.producerName, metadata: [:], graph: probeGraph),
                                               options: SessionOptions(threads: 1))
            probe = try session.run([input.name: Tensor(zeros: [1, 3, inputSide, inputSide])])
        } catch {
            throw unusable("its blocks cannot be run at \(inputSide)×\(inputSide) (\(error))")
        }
        // Per stride, the last block whose output has that stride.
        var chosen: [Int: String] = [:]
        for name in candidates {
            guard let shape = probe[name]?.shape, shape.count == 4, shape[2] > 0 else { continue }
            let stride = inputSide / shape[2]
            if Self.featureStrides.contains(stride), shape[2] * stride == inputSide { chosen[stride] = name }
        }
        let missing = Self.featureStrides.filter { chosen[$0] == nil }
        guard missing.isEmpty else {
            throw unusable("no block output at stride \(missing.map(String.init).joined(separator: ", "))")
        }
        featureNames = Self.featureStrides.map { chosen[$0]! }
        strides = Self.featureStrides
        channels = featureNames.map { probe[$0]!.shape[1] }
        sizes = featureNames.map { (probe[$0]!.shape[2], probe[$0]!.shape[3]) }
        graph = Self.pruned(onnx.graph, input: probeInput, outputs: featureNames)
        do {
            session = try InferenceSession(model: Model(irVersion: onnx.irVersion, opsetVersion: onnx.opsetVersion,
                                                        producerName: onnx.producerName, metadata: [:], graph: graph),
                                           options: SessionOptions(threads: threads))
        } catch {
            throw unusable("its feature graph cannot be compiled (\(error))")
        }
        self.model = model
        self.inputSide = inputSide
    }

    /// The name of the graph's image input.
    var inputName: String { graph.inputs[0].name }

    /// The feature maps of `count` prepared inputs (NCHW, `inputSide` square, normalised as
    /// the model's manifest says), one `LevelFeatures` per image.
    func features(of inputs: [Float], count: Int) throws -> [LevelFeatures] {
        let outputs: [String: Tensor]
        do {
            outputs = try session.run([inputName: Tensor(shape: [count, 3, inputSide, inputSide], floats: inputs)])
        } catch {
            throw DetectorTrainingError.unusableBackbone(model: model.name, reason: "running it failed (\(error))")
        }
        let levelValues = featureNames.map { outputs[$0]!.floats }
        return (0 ..< count).map { image in
            LevelFeatures(sizes: sizes, values: levelValues.enumerated().map { level, values in
                let size = channels[level] * sizes[level].height * sizes[level].width
                return Array(values[image * size ..< (image + 1) * size])
            })
        }
    }

    /// `graph` reduced to the nodes `outputs` need, with `input` as its declared input.
    static func pruned(_ graph: Graph, input: ValueInfo, outputs: [String]) -> Graph {
        var needed = Set(outputs)
        var nodes: [Node] = []
        for node in graph.nodes.reversed() where node.outputs.contains(where: needed.contains) {
            nodes.append(node)
            needed.formUnion(node.inputs.filter { !$0.isEmpty })
        }
        nodes.reverse()
        let outputInfos = outputs.map { ValueInfo(name: $0, elementType: .float32, shape: nil) }
        return Graph(name: graph.name, nodes: nodes, initializers: graph.initializers.filter { needed.contains($0.key) },
                     inputs: [input], outputs: outputInfos)
    }
}
