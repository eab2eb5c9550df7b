// TrainedDetectorHead: the learned part of a trained detector on its own — the head's ONNX graph
// on the backbone's feature maps, with the labels, the backbone it reads (name and weights'
// SHA-256), the input size and the training record in its metadata — a file of a few hundred
// kilobytes. The apps' detectors are trained at set-up into this form (Models/heads/*.onnx, next
// to the classifier heads); `TrainedDetectorWriter` puts a head on the installed backbone, cut
// at the tensors the head reads, to make the full detector the store holds.
public import Foundation
public import SightlineEngine
public import SightlineVision

public struct TrainedDetectorHead: Sendable {
    /// The metadata keys of a head file.
    enum MetadataKey: String {
        /// Marks a detector head ("1"), so head files of both kinds can share a folder.
        case kind = "sightline_detector_head"
        case labels, backbone, title
        case backboneSHA256 = "backbone_sha256"
        case imageSize = "image_size"
        case training = "detector_training"
    }

    /// The head's graph: inputs named after the backbone tensors it reads.
    public var graph: Graph
    public var labels: [String]
    public var backboneName: String
    /// SHA-256 of the backbone's source weights (its manifest's `source.sha256`).
    public var backboneSHA256: String
    /// The side of the square letterboxed input.
    public var imageSize: Int
    public var title: String
    public var training: ModelManifest.DetectorTraining

    public init(_ trained: TrainedDetector, title: String? = nil) {
        graph = DetectorGraphBuilder.headGraph(trained)
        labels = trained.classNames
        backboneName = trained.backbone.model.name
        backboneSHA256 = trained.backbone.model.manifest.source.sha256
        imageSize = trained.options.imageSize
        self.title = title ?? "Detector of \(trained.classNames.count) classes (trained on \(trained.backbone.model.name))"
        training = TrainedDetectorWriter.record(of: trained)
    }

    /// Reads a head file.
    ///
    /// - Throws: `DetectorTrainingError.unusableHead` saying what is wrong with it.
    public init(contentsOf url: URL) throws {
        func unusable(_ reason: String) -> DetectorTrainingError { .unusableHead(path: url.path, reason: reason) }
        let model: Model
        do {
            model = try Model(contentsOf: url)
        } catch {
            throw unusable("it is not a readable ONNX file (\(error))")
        }
        guard Self.isDetectorHead(model) else { throw unusable("it is not a detector head made by `sightline train-detector`") }
        func entry(_ key: MetadataKey) throws -> String {
            guard let value = model.metadata[key.rawValue], !value.isEmpty else {
                throw unusable("its metadata has no '\(key.rawValue)' entry")
            }
            return value
        }
        do {
            labels = try JSONDecoder().decode([String].self, from: Data(try entry(.labels).utf8))
            training = try JSONDecoder().decode(ModelManifest.DetectorTraining.self, from: Data(try entry(.training).utf8))
        } catch let error as DetectorTrainingError {
            throw error
        } catch {
            throw unusable("its labels or training record cannot be read (\(error))")
        }
        guard let size = Int(try entry(.imageSize)), size > 0 else { throw unusable("its image size is not a positive number") }
        guard model.graph.outputs.map(\.name) == [DetectorGraphBuilder.outputName] else {
            throw unusable("its graph's output is not '\(DetectorGraphBuilder.outputName)'")
        }
        graph = model.graph
        backboneName = try entry(.backbone)
        backboneSHA256 = try entry(.backboneSHA256)
        imageSize = size
        title = try entry(.title)
    }

    /// Whether `model` is a detector head file.
    static func isDetectorHead(_ model: Model) -> Bool {
        model.metadata[MetadataKey.kind.rawValue] == "1"
    }

    /// The head file's bytes.
    public func serializedData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let metadata: [MetadataKey: String] = [
            .kind: "1", .labels: String(decoding: try encoder.encode(labels), as: UTF8.self), .backbone: backboneName,
            .backboneSHA256: backboneSHA256, .imageSize: String(imageSize), .title: title,
            .training: String(decoding: try encoder.encode(training), as: UTF8.self),
        ]
        return try Model(irVersion: Self.irVersion, opsetVersion: Self.opsetVersion, producerName: TrainedDetectorWriter.converter,
                         metadata: Dictionary(uniqueKeysWithValues: metadata.map { ($0.key.rawValue, $0.value) }), graph: graph)
            .serializedData()
    }

    /// Writes the head file to `url`.
    ///
    /// - Throws: `DetectorTrainingError.unwritableModel`.
    public func write(to url: URL) throws {
        do {
            try serializedData().write(to: url, options: .atomic)
        } catch {
            throw DetectorTrainingError.unwritableModel(path: url.path, reason: "\(error)")
        }
    }

    /// The ONNX versions of a head file (those of the converted EfficientNet-Lite backbones).
    static let irVersion = 8
    static let opsetVersion = 13

    /// The full detector: `backbone`'s graph from its image input (declared [1, 3, size, size])
    /// to the tensors the head reads, then the head.
    ///
    /// - Throws: `DetectorTrainingError.unusableBackbone` when `backbone` is not the one the
    ///   head was trained on or lacks a tensor the head reads.
    func composed(on backbone: InstalledModel) throws -> Model {
        func unusable(_ reason: String) -> DetectorTrainingError { .unusableBackbone(model: backbone.name, reason: reason) }
        guard backbone.manifest.source.sha256 == backboneSHA256 else {
            throw unusable("the head was trained on the features of weights with SHA-256 \(backboneSHA256), this model's "
                + "weights have \(backbone.manifest.source.sha256); train the detector again on it")
        }
        let onnx: Model
        do {
            onnx = try backbone.loadONNX()
        } catch {
            throw unusable("its ONNX file cannot be loaded (\(error))")
        }
        guard let input = onnx.graph.inputs.first else { throw unusable("its graph has no input") }
        let produced = Set(onnx.graph.nodes.flatMap(\.outputs))
        let features = graph.inputs.map(\.name)
        if let missing = features.first(where: { !produced.contains($0) }) {
            throw unusable("its graph has no tensor '\(missing)', which the head reads")
        }
        let cut = DetectorBackbone.pruned(onnx.graph, input: ValueInfo(
            name: input.name, elementType: .float32, shape: [.fixed(1), .fixed(3), .fixed(imageSize), .fixed(imageSize)]),
            outputs: features)
        var initializers = cut.initializers
        initializers.merge(graph.initializers) { _, head in head }
        return Model(irVersion: onnx.irVersion, opsetVersion: onnx.opsetVersion, producerName: TrainedDetectorWriter.converter,
                     metadata: ["labels": String(decoding: try JSONEncoder().encode(labels), as: UTF8.self),
                                "backbone": backbone.name, "trained_with": TrainedDetectorWriter.converter, "task": "detect",
                                "imgsz": "[\(imageSize), \(imageSize)]"],
                     graph: Graph(name: "\(backbone.name)_detector", nodes: cut.nodes + graph.nodes, initializers: initializers,
                                  inputs: cut.inputs, outputs: graph.outputs))
    }
}
