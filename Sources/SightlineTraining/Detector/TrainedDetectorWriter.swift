// TrainedDetectorWriter: installs a trained detector into the model store as an ordinary
// object-detection model — `models/<name>/model.onnx` (backbone + head, YOLOv8 output layout),
// `head.onnx` (the head file it was composed from) and `manifest.json` with the labels, input,
// thresholds and the training record — so `detect`,
// `evaluate-detector`, the apps and the API use it like any other detector. Both files are
// written into a fresh folder that replaces the old one only when complete, so a failed write
// never leaves a half-installed model.
import Foundation
import SightlineEngine
public import SightlineVision

public enum TrainedDetectorWriter {
    public static let converter = "sightline train-detector"
    /// The thresholds written into the manifest: the detector's own operating point.
    public static let confidenceThreshold = 0.4
    public static let iouThreshold = 0.6

    /// Checks that a detector can be saved as `name`: a valid name, not taken by a model that
    /// `train-detector` did not make. Call it before a long run.
    public static func checkAvailable(_ name: String, in store: ModelStore) throws {
        try TrainedModelWriter.checkName(name)
        let manifestURL = store.modelsDirectory.appendingPathComponent(name, isDirectory: true)
            .appendingPathComponent(ModelStore.manifestFileName)
        guard FileManager.default.fileExists(atPath: manifestURL.path) else { return }
        guard let existing = try? ModelManifest(contentsOf: manifestURL), existing.detectorTraining != nil else {
            throw TrainingError.nameTakenByInstalledModel(name: name, path: manifestURL.deletingLastPathComponent().path)
        }
    }

    /// Writes `trained` to `store` under `name`, replacing an earlier detector trained under
    /// that name, and returns it as installed.
    public static func write(_ trained: TrainedDetector, name: String, to store: ModelStore) throws -> InstalledModel {
        try write(TrainedDetectorHead(trained), on: trained.backbone.model, name: name, to: store)
    }

    /// Puts `head` on `backbone` (the installed model it was trained on) and writes the
    /// detector to `store` under `name` — model.onnx, the head file it was made from (head.onnx)
    /// and manifest.json — replacing an earlier trained detector of that name.
    public static func write(_ head: TrainedDetectorHead, on backbone: InstalledModel, name: String, to store: ModelStore) throws
        -> InstalledModel {
        try checkAvailable(name, in: store)
        let modelData: Data, headData: Data
        do {
            modelData = try head.composed(on: backbone).serializedData()
            headData = try head.serializedData()
        } catch let error as DetectorTrainingError {
            throw error
        } catch {
            throw DetectorTrainingError.unwritableModel(path: store.modelsDirectory.path, reason: "the graph cannot be written (\(error))")
        }
        let side = head.imageSize
        let input = ModelManifest.Input(name: backbone.manifest.input.name, layout: .nchw, width: side, height: side, color: "RGB",
                                        resize: .none, normalization: backbone.manifest.input.normalization)
        let manifest = ModelManifest(
            name: name, title: head.title, task: .objectDetection, file: TrainedModelWriter.modelFileName,
            sha256: HexDigest.sha256(of: modelData), input: input, outputs: ["detections": DetectorGraphBuilder.outputName],
            labels: head.labels, licence: backbone.manifest.licence, source: backbone.manifest.source, converter: converter,
            detectorTraining: head.training)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let folder = store.modelsDirectory.appendingPathComponent(name, isDirectory: true)
        let staging = store.modelsDirectory.appendingPathComponent(".\(name).partial-\(ProcessInfo.processInfo.processIdentifier)",
                                                                   isDirectory: true)
        let fileManager = FileManager.default
        do {
            try? fileManager.removeItem(at: staging)
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
            try modelData.write(to: staging.appendingPathComponent(TrainedModelWriter.modelFileName))
            try headData.write(to: staging.appendingPathComponent(TrainedModelWriter.headFileName))
            try (encoder.encode(manifest) + Data("\n".utf8)).write(to: staging.appendingPathComponent(ModelStore.manifestFileName))
            // The old folder steps aside before the new one takes its name, and is removed only
            // once the new one is in place.
            let previous = staging.appendingPathExtension("previous")
            try? fileManager.removeItem(at: previous)
            let replacing = fileManager.fileExists(atPath: folder.path)
            if replacing { try fileManager.moveItem(at: folder, to: previous) }
            do {
                try fileManager.moveItem(at: staging, to: folder)
            } catch {
                if replacing { try? fileManager.moveItem(at: previous, to: folder) }
                throw error
            }
            if replacing { try? fileManager.removeItem(at: previous) }
        } catch {
            try? fileManager.removeItem(at: staging)
            throw DetectorTrainingError.unwritableModel(path: folder.path, reason: "\(error)")
        }
        return try ModelStore.loadModel(manifestURL: folder.appendingPathComponent(ModelStore.manifestFileName))
    }

    /// The manifest's `detector_training` section for `trained`.
    static func record(of trained: TrainedDetector) -> ModelManifest.DetectorTraining {
        let options = trained.options
        let root = trained.dataDirectory.standardizedFileURL.path
        let apByClass = Dictionary(trained.validationMetrics.perClass.map { ($0.classIndex, $0.averagePrecision50) },
                                   uniquingKeysWith: { first, _ in first })
        let classes = trained.classNames.enumerated().map { index, label in
            ModelManifest.DetectorTraining.ClassBoxes(
                label: label, trainingBoxes: trained.trainingBoxes[index], validationBoxes: trained.validationBoxes[index],
                validationAP50: trained.validationBoxes[index] > 0 ? apByClass[index] : nil)
        }
        let skipped = trained.skipped.map { file, reason in
            (file.hasPrefix(root + "/") ? String(file.dropFirst(root.count + 1)) : file) + ": " + reason
        }
        let best = trained.epochs.first { $0.epoch == trained.bestEpoch }
        return ModelManifest.DetectorTraining(
            backbone: trained.backboneName, backboneSHA256: trained.backbone.model.manifest.source.sha256, dataDirectory: root,
            classes: classes, seed: options.seed, imageSize: options.imageSize, epochsPlanned: options.epochs,
            epochsRun: trained.epochs.count, bestEpoch: trained.bestEpoch, stoppedEarly: trained.stoppedEarly,
            batchSize: options.batchSize, learningRate: options.learningRate, weightDecay: options.weightDecay,
            headWidth: options.width, towerDepth: options.towerDepth, augmented: options.augment,
            trainingPhotos: trained.trainingPhotos, validationPhotos: trained.validationPhotos,
            validationHeldOut: trained.validationHeldOut, validationMAP50: best?.validationMAP50 ?? 0,
            validationMAP50to95: best?.validationMAP50to95 ?? 0, confidenceThreshold: confidenceThreshold,
            iouThreshold: iouThreshold, history: trained.epochs, skippedFiles: skipped, clippedBoxes: trained.clippedBoxes,
            droppedBoxes: trained.droppedBoxes, seconds: trained.seconds)
    }
}
