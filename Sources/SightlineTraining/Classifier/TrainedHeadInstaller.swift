// TrainedHeadInstaller: installs head files (the repository's Models/heads/*.onnx) into a model
// store — each composed with the installed backbone it was trained on, under the file's name —
// and leaves an installed model alone while the head it was composed from is the same file.
public import Foundation
public import SightlineVision

public enum TrainedHeadInstaller {
    /// What installing one head did.
    public enum Outcome: Sendable, Equatable {
        /// The model was composed and written (it was missing, or its head file changed).
        case installed
        /// The installed model was composed from this very head file.
        case upToDate
    }

    /// The head files in `folder` (`*.onnx`), in name order; none when the folder is missing.
    ///
    /// - Throws: `TrainingError.unusableHead` when the folder cannot be listed.
    public static func headFiles(in folder: URL) throws(TrainingError) -> [URL] {
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { !$0.hasPrefix(".") && ($0 as NSString).pathExtension.lowercased() == "onnx" }
                .sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
                .map { folder.appendingPathComponent($0) }
        } catch {
            throw TrainingError.unusableHead(path: folder.path, reason: "the folder cannot be listed (\(error.localizedDescription))")
        }
    }

    /// The model name a head file installs as: its file name without ".onnx".
    public static func modelName(of headFile: URL) -> String {
        headFile.deletingPathExtension().lastPathComponent
    }

    /// Installs the head at `headFile` into `store` as `modelName(of:)`, composed with the
    /// backbone named in the head, unless the installed model was composed from a byte-identical
    /// head file; returns the installed model and what was done.
    ///
    /// - Throws: `TrainingError.unusableHead` for an unreadable head file, `ModelStoreError`
    ///   when its backbone is not installed, or what `TrainedModelWriter.write` throws.
    public static func install(headAt headFile: URL, in store: ModelStore) throws -> (model: InstalledModel, outcome: Outcome) {
        let name = modelName(of: headFile)
        try TrainedModelWriter.checkName(name)
        let headData: Data
        do {
            headData = try Data(contentsOf: headFile)
        } catch {
            throw TrainingError.unusableHead(path: headFile.path, reason: "it cannot be read (\(error.localizedDescription))")
        }
        if let installed = try upToDateModel(named: name, headData: headData, in: store) {
            return (installed, .upToDate)
        }
        let head = try TrainedHead(contentsOf: headFile)
        let backbone = try store.model(head.backbone.name)
        return (try TrainedModelWriter.write(head, on: backbone, name: name, to: store), .installed)
    }

    /// The installed model `name` when its folder holds a model file and a head file equal to
    /// `headData`; nil otherwise.
    private static func upToDateModel(named name: String, headData: Data, in store: ModelStore) throws -> InstalledModel? {
        let folder = store.modelsDirectory.appendingPathComponent(name, isDirectory: true)
        let manifestURL = folder.appendingPathComponent(ModelStore.manifestFileName)
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: manifestURL.path),
              fileManager.contents(atPath: folder.appendingPathComponent(TrainedModelWriter.headFileName).path) == headData,
              let installed = try? ModelStore.loadModel(manifestURL: manifestURL), installed.manifest.training != nil,
              fileManager.fileExists(atPath: installed.modelURL.path) else {
            return nil
        }
        return installed
    }
}
