// TrainedModelWriter: saves a trained classifier into the model store as an ordinary installed
// model — `models/<name>/model.onnx` (backbone + Gemm + Softmax, labels in its metadata),
// `models/<name>/head.onnx` (the head alone, see `TrainedHead`) and
// `models/<name>/manifest.json` (written last) — so `classify --model NAME` and `evaluate`
// use it like any other classifier. A head file is installed the same way, composed with the
// installed backbone it was trained on.
import Foundation
import SightlineEngine
public import SightlineVision

public enum TrainedModelWriter {
    /// The ONNX file's name inside the model folder.
    public static let modelFileName = "model.onnx"
    /// The head file kept next to it: what the model was composed from.
    public static let headFileName = "head.onnx"
    /// What the manifest's `converter` says for trained models.
    public static let converter = "sightline train"

    /// Writes `trained` to `store` under `name`, replacing an earlier model trained under that
    /// name, and returns it as installed.
    ///
    /// - Throws: `TrainingError.invalidModelName`, `.nameTakenByInstalledModel` (a model not
    ///   made by `sightline train` has the name), `.unusableBackbone`, `.unwritableModel`.
    public static func write(_ trained: TrainedClassifier, name: String, to store: ModelStore) throws -> InstalledModel {
        try write(TrainedHead(trained), on: trained.backbone, name: name, to: store)
    }

    /// Composes `head` with `backbone` — the backbone's graph without its own classifier, then
    /// the head's Gemm and Softmax — and writes the result to `store` under `name`, replacing
    /// an earlier trained model of that name; returns it as installed. Photos are prepared with
    /// the shorter side the head was trained with.
    ///
    /// - Throws: `TrainingError.invalidModelName`, `.nameTakenByInstalledModel`,
    ///   `.unusableBackbone` (also when `backbone`'s weights are not the ones the head was
    ///   trained on), `.unwritableModel`.
    public static func write(_ head: TrainedHead, on backbone: InstalledModel, name: String,
                             to store: ModelStore) throws -> InstalledModel {
        try checkAvailable(name, in: store)
        let folder = store.modelsDirectory.appendingPathComponent(name, isDirectory: true)
        let manifestURL = folder.appendingPathComponent(ModelStore.manifestFileName)

        let backbone = try head.training.shorterSide.map { side throws(TrainingError) in
            try backbone.resizingShorterSide(to: side)
        } ?? backbone
        guard backbone.manifest.source.sha256 == head.backbone.weightsSHA256 else {
            throw TrainingError.unusableBackbone(model: backbone.name, reason:
                "the head was trained on the features of weights with SHA-256 \(head.backbone.weightsSHA256), "
                + "this model's weights have \(backbone.manifest.source.sha256); retrain the head on it")
        }
        let backboneModel: Model
        do {
            backboneModel = try backbone.loadONNX()
        } catch {
            throw TrainingError.unusableBackbone(model: backbone.name, reason: "\(error)")
        }
        let labelsJSON = String(decoding: try JSONEncoder().encode(head.labels), as: UTF8.self)
        let built = try ClassifierGraphBuilder.build(
            backbone: backboneModel, backboneName: backbone.name, roles: backbone.manifest.outputs, head: head.classifier,
            metadata: ["labels": labelsJSON, "backbone": backbone.name, "trained_with": converter])
        let modelData: Data
        do {
            modelData = try built.model.serializedData()
        } catch {
            throw TrainingError.unusableBackbone(model: backbone.name, reason: "the combined graph cannot be written (\(error))")
        }
        let headURL = folder.appendingPathComponent(headFileName)
        let headData: Data
        do {
            headData = try head.serializedData()
        } catch {
            throw TrainingError.unwritableModel(path: headURL.path, reason: "\(error)")
        }

        let manifest = ModelManifest(
            name: name, title: head.title, task: .classification, file: modelFileName, sha256: HexDigest.sha256(of: modelData),
            input: backbone.manifest.input, outputs: built.roles, labels: head.labels,
            licence: backbone.manifest.licence, source: backbone.manifest.source, converter: converter,
            training: head.training, confidence: head.confidence)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try modelData.write(to: folder.appendingPathComponent(modelFileName), options: .atomic)
            try headData.write(to: headURL, options: .atomic)
            try (encoder.encode(manifest) + Data("\n".utf8)).write(to: manifestURL, options: .atomic)
        } catch {
            throw TrainingError.unwritableModel(path: folder.path, reason: error.localizedDescription)
        }
        return try ModelStore.loadModel(manifestURL: manifestURL)
    }

    /// The manifest's `training` section for `trained`.
    static func record(of trained: TrainedClassifier) -> ModelManifest.Training {
        let report = trained.report
        let root = trained.dataDirectory.standardizedFileURL.path
        let skipped = report.skippedPhotos.map { photo -> String in
            let path = photo.url.standardizedFileURL.path
            return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
        }
        return ModelManifest.Training(
            backbone: trained.backbone.name, dataDirectory: root, classes: report.classes, seed: trained.options.seed,
            validationFraction: trained.options.validationFraction, augmentationCopies: report.augmentationCopies,
            inverseStrengthsTried: report.path.steps.map(\.inverseStrength), inverseStrength: report.path.chosen.inverseStrength,
            stoppedEarly: report.path.stoppedEarly, l2Regularization: report.finalL2Regularization,
            iterations: report.finalIterations, refittedOnAllPhotos: report.refittedOnAllPhotos,
            trainingAccuracy: report.trainingAccuracy, validationAccuracy: report.validationAccuracy,
            skippedFiles: skipped, shorterSide: trained.backbone.shorterSide,
            classWeights: trained.options.classWeights.isEmpty ? nil : trained.options.classWeights)
    }

    /// Checks that `name` can name a model: a folder name that `ModelStore.model(_:)` resolves
    /// as a name, not a path. Call it before a long training run.
    ///
    /// - Throws: `TrainingError.invalidModelName` saying what is wrong.
    public static func checkName(_ name: String) throws(TrainingError) {
        func invalid(_ reason: String) -> TrainingError { .invalidModelName(name: name, reason: reason) }
        guard !name.isEmpty else { throw invalid("it is empty") }
        guard name.count <= 64 else { throw invalid("it is longer than 64 characters") }
        guard let first = name.unicodeScalars.first, first.isASCIILetterOrDigit else {
            throw invalid("it must start with a letter or digit")
        }
        guard name.unicodeScalars.allSatisfy({ $0.isASCIILetterOrDigit || "-_.".unicodeScalars.contains($0) }) else {
            throw invalid("it contains characters other than letters, digits, '-', '_' and '.'")
        }
        guard !name.lowercased().hasSuffix(".onnx") else { throw invalid("names ending in .onnx are read as file paths") }
    }

    /// Checks that a trained model can be saved as `name` in `store`: the name is valid and is
    /// not taken by a model that `sightline train` did not make. Call it before a long run.
    ///
    /// - Throws: `TrainingError.invalidModelName` or `.nameTakenByInstalledModel`.
    public static func checkAvailable(_ name: String, in store: ModelStore) throws(TrainingError) {
        try checkName(name)
        let manifestURL = store.modelsDirectory.appendingPathComponent(name, isDirectory: true)
            .appendingPathComponent(ModelStore.manifestFileName)
        guard FileManager.default.fileExists(atPath: manifestURL.path) else { return }
        guard let existing = try? ModelManifest(contentsOf: manifestURL), existing.training != nil else {
            throw TrainingError.nameTakenByInstalledModel(name: name, path: manifestURL.deletingLastPathComponent().path)
        }
    }
}

private extension Unicode.Scalar {
    var isASCIILetterOrDigit: Bool {
        ("a" ... "z").contains(self) || ("A" ... "Z").contains(self) || ("0" ... "9").contains(self)
    }
}
