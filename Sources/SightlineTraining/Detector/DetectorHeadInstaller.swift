// DetectorHeadInstaller: installs detector head files (the repository's Models/heads/*.onnx made
// by `train-detector --head-output`) into a model store — each put on the installed backbone it
// was trained on, under the file's name — and leaves an installed detector alone while the head
// it was composed from is the same file. Classifier head files in the same folder are
// `TrainedHeadInstaller`'s.
public import Foundation
import SightlineEngine
public import SightlineVision

public enum DetectorHeadInstaller {
    /// Whether the ONNX file at `url` is a detector head (false for classifier heads and for
    /// files that cannot be read, which the classifier installer then reports).
    public static func isDetectorHead(at url: URL) -> Bool {
        guard let model = try? Model(contentsOf: url) else { return false }
        return TrainedDetectorHead.isDetectorHead(model)
    }

    /// Installs the head at `headFile` into `store` as the file's name without ".onnx", on the
    /// backbone named in the head, unless the installed detector was composed from a
    /// byte-identical head file; returns the installed model and what was done.
    public static func install(headAt headFile: URL, in store: ModelStore) throws
        -> (model: InstalledModel, outcome: TrainedHeadInstaller.Outcome) {
        let name = TrainedHeadInstaller.modelName(of: headFile)
        try TrainedModelWriter.checkName(name)
        let headData: Data
        do {
            headData = try Data(contentsOf: headFile)
        } catch {
            throw DetectorTrainingError.unusableHead(path: headFile.path, reason: "it cannot be read (\(error.localizedDescription))")
        }
        let folder = store.modelsDirectory.appendingPathComponent(name, isDirectory: true)
        let manifestURL = folder.appendingPathComponent(ModelStore.manifestFileName)
        if FileManager.default.contents(atPath: folder.appendingPathComponent(TrainedModelWriter.headFileName).path) == headData,
           let installed = try? ModelStore.loadModel(manifestURL: manifestURL), installed.manifest.detectorTraining != nil,
           FileManager.default.fileExists(atPath: installed.modelURL.path) {
            return (installed, .upToDate)
        }
        let head = try TrainedDetectorHead(contentsOf: headFile)
        let backbone = try store.model(head.backboneName)
        return (try TrainedDetectorWriter.write(head, on: backbone, name: name, to: store), .installed)
    }
}
