// TrainedHead: the learned part of a trained classifier on its own — the logistic regression's
// weights, the class labels, the backbone whose features it reads and the record of how it was
// trained — as a small ONNX file: input "features" [N, F] → Gemm → "logits" → Softmax →
// "probabilities", everything else in its metadata. The apps' classifiers are trained at set-up
// into this form (Models/heads/); `TrainedModelWriter` composes a head with the installed backbone into
// the full model the store holds, and a head can be extracted from such a model again.
public import Foundation
import SightlineEngine
public import SightlineVision

/// A trained classifier without its backbone.
public struct TrainedHead: Sendable, Equatable {
    /// The backbone a head was trained on.
    public struct Backbone: Sendable, Equatable {
        /// Its installed name ("lite0").
        public var name: String
        /// SHA-256 of its source weights (the backbone manifest's `source.sha256`): the head is
        /// only valid on features computed by exactly these weights.
        public var weightsSHA256: String

        public init(name: String, weightsSHA256: String) {
            self.name = name
            self.weightsSHA256 = weightsSHA256
        }
    }

    /// The name of the head file's one input.
    public static let featuresInput = "features"

    /// Class names in output order.
    public var labels: [String]
    /// The learned layer.
    public var classifier: MultinomialLogisticRegression
    public var backbone: Backbone
    /// The title of the composed model ("16-class classifier trained on cat-breeds, on …").
    public var title: String
    /// How it was trained: the `training` section of the composed model's manifest.
    public var training: ModelManifest.Training
    /// The confidence threshold chosen at training: the `confidence` section of the manifest.
    public var confidence: ModelManifest.Confidence?

    /// - Precondition: one label per class of `classifier`.
    public init(labels: [String], classifier: MultinomialLogisticRegression, backbone: Backbone, title: String,
                training: ModelManifest.Training, confidence: ModelManifest.Confidence? = nil) {
        precondition(labels.count == classifier.classCount,
                     "\(classifier.classCount) classes need as many labels, got \(labels.count)")
        self.labels = labels
        self.classifier = classifier
        self.backbone = backbone
        self.title = title
        self.training = training
        self.confidence = confidence
    }

    /// The head of a classifier `ClassifierTrainer` has trained.
    public init(_ trained: TrainedClassifier) {
        let backboneManifest = trained.backbone.manifest
        self.init(labels: trained.labels, classifier: trained.head,
                  backbone: Backbone(name: trained.backbone.name, weightsSHA256: backboneManifest.source.sha256),
                  title: "\(trained.labels.count)-class classifier trained on \(trained.dataDirectory.lastPathComponent), "
                      + "on \(backboneManifest.title) features",
                  training: TrainedModelWriter.record(of: trained), confidence: trained.report.confidence)
    }

    /// The head of an installed model that `sightline train` made (or that was composed from a
    /// head): the Gemm computing its "logits" output, with the manifest's labels and record.
    ///
    /// - Throws: `TrainingError.unusableHead` when the model was not trained by Sightline or
    ///   its logits do not come from a Gemm on constant weights.
    public init(extractingFrom model: InstalledModel) throws(TrainingError) {
        let manifest = model.manifest
        func unusable(_ reason: String) -> TrainingError { .unusableHead(path: model.modelURL.path, reason: reason) }
        guard let training = manifest.training else {
            throw unusable("its manifest has no training record, so it was not made by `sightline train`")
        }
        guard let logits = manifest.outputs["logits"] else { throw unusable("its manifest names no 'logits' output") }
        let onnx: Model
        do {
            onnx = try model.loadONNX()
        } catch {
            throw unusable("it cannot be loaded (\(error))")
        }
        let classifier = try Self.classifier(in: onnx.graph, producing: logits, labelCount: manifest.labels.count,
                                             unusable: unusable)
        self.init(labels: manifest.labels, classifier: classifier,
                  backbone: Backbone(name: training.backbone, weightsSHA256: manifest.source.sha256),
                  title: manifest.title, training: training, confidence: manifest.confidence)
    }

    /// Reads a head file written by `write(to:)`.
    ///
    /// - Throws: `TrainingError.unusableHead` saying what is wrong with the file.
    public init(contentsOf url: URL) throws(TrainingError) {
        func unusable(_ reason: String) -> TrainingError { .unusableHead(path: url.path, reason: reason) }
        let onnx: Model
        do {
            onnx = try Model(contentsOf: url)
        } catch {
            throw unusable("it cannot be loaded as ONNX (\(error))")
        }
        func entry(_ key: MetadataKey) throws(TrainingError) -> String {
            guard let value = onnx.metadata[key.rawValue], !value.isEmpty else {
                throw unusable("its metadata has no '\(key.rawValue)' entry")
            }
            return value
        }
        let decoder = JSONDecoder()
        let labels: [String]
        let training: ModelManifest.Training
        let confidence: ModelManifest.Confidence?
        do {
            labels = try decoder.decode([String].self, from: Data(try entry(.labels).utf8))
            training = try decoder.decode(ModelManifest.Training.self, from: Data(try entry(.training).utf8))
            confidence = try onnx.metadata[MetadataKey.confidence.rawValue].map {
                try decoder.decode(ModelManifest.Confidence.self, from: Data($0.utf8))
            }
        } catch let error as TrainingError {
            throw error
        } catch {
            throw unusable("its labels, training record or confidence threshold cannot be read (\(error))")
        }
        guard onnx.graph.inputs.map(\.name) == [Self.featuresInput] else {
            throw unusable("its graph must have the one input '\(Self.featuresInput)'")
        }
        let classifier = try Self.classifier(in: onnx.graph, producing: "logits", labelCount: labels.count, unusable: unusable)
        self.init(labels: labels, classifier: classifier,
                  backbone: Backbone(name: try entry(.backbone), weightsSHA256: try entry(.backboneWeightsSHA256)),
                  title: try entry(.title), training: training, confidence: confidence)
    }

    /// Writes the head file to `url`, replacing any file there. The same head always gives the
    /// same bytes.
    ///
    /// - Throws: `TrainingError.unwritableModel`.
    public func write(to url: URL) throws(TrainingError) {
        do {
            try serializedData().write(to: url, options: .atomic)
        } catch {
            throw TrainingError.unwritableModel(path: url.path, reason: "\(error)")
        }
    }

    /// The head file's bytes.
    func serializedData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var metadata: [MetadataKey: String] = [
            .labels: String(decoding: try encoder.encode(labels), as: UTF8.self),
            .training: String(decoding: try encoder.encode(training), as: UTF8.self),
            .backbone: backbone.name, .backboneWeightsSHA256: backbone.weightsSHA256, .title: title,
            .trainedWith: TrainedModelWriter.converter,
        ]
        if let confidence {
            metadata[.confidence] = String(decoding: try encoder.encode(confidence), as: UTF8.self)
        }
        let model = Model(irVersion: 8, opsetVersion: 13, producerName: TrainedModelWriter.converter,
                          metadata: Dictionary(uniqueKeysWithValues: metadata.map { ($0.key.rawValue, $0.value) }),
                          graph: ClassifierGraphBuilder.headGraph(classifier, name: "trained_head",
                                                                  featuresInput: Self.featuresInput))
        return try model.serializedData()
    }

    /// The metadata entries of a head file.
    private enum MetadataKey: String {
        case labels, training, backbone, title, confidence
        case backboneWeightsSHA256 = "backbone_weights_sha256"
        case trainedWith = "trained_with"
    }

    /// The weights of the Gemm (transB = 1, no scaling) that computes `logits` in `graph`.
    private static func classifier(in graph: Graph, producing logits: String, labelCount: Int,
                                   unusable: (String) -> TrainingError) throws(TrainingError) -> MultinomialLogisticRegression {
        guard let gemm = graph.nodes.first(where: { $0.outputs.contains(logits) }), gemm.opType == "Gemm",
              gemm.inputs.count == 3 else {
            throw unusable("its '\(logits)' output is not computed by a Gemm with weights and bias")
        }
        guard gemm.attributes["transB"] == .int(1), gemm.attributes["transA"] ?? .int(0) == .int(0),
              gemm.attributes["alpha"] ?? .float(1) == .float(1), gemm.attributes["beta"] ?? .float(1) == .float(1) else {
            throw unusable("its Gemm is not the plain x·Wᵀ + b a trained head uses")
        }
        guard let weights = graph.initializers[gemm.inputs[1]], let bias = graph.initializers[gemm.inputs[2]],
              weights.elementType == .float32, bias.elementType == .float32, weights.rank == 2,
              bias.shape == [weights.shape[0]] else {
            throw unusable("its Gemm's weights and bias are not constant float tensors [classes, features] and [classes]")
        }
        guard weights.shape[0] == labelCount, weights.shape[0] >= 1, weights.shape[1] >= 1 else {
            throw unusable("it scores \(weights.shape[0]) classes but has \(labelCount) labels")
        }
        return MultinomialLogisticRegression(classCount: weights.shape[0], featureCount: weights.shape[1],
                                             weights: weights.floats, bias: bias.floats)
    }
}
