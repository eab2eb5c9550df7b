// ModelStore: the data directory where `make models` puts models
// (`$SIGHTLINE_HOME`, default `~/.local/share/sightline`, one folder per model under
// `models/`), the rules for turning what a user typed — "lite0", a full model name or a
// path to an .onnx file — into an installed model, and the limits its models are loaded within.
public import Foundation
import SightlineDataHome
public import SightlineEngine

/// The models installed in one data directory.
public struct ModelStore: Sendable {
    /// The environment variable that overrides the data directory (`DataHome`).
    public static let homeEnvironmentVariable = DataHome.environmentVariable
    /// The file name of a model's manifest inside its folder.
    public static let manifestFileName = "manifest.json"

    /// The data directory (`$SIGHTLINE_HOME` or `~/.local/share/sightline`).
    public let dataDirectory: URL
    /// The largest model file and graph the models this store hands out are loaded with
    /// (default: 1 GiB, 100,000 nodes).
    public var loadingLimits = ModelLoadingLimits()

    public init(dataDirectory: URL) {
        self.dataDirectory = dataDirectory
    }

    /// The store at `$SIGHTLINE_HOME`, or `~/.local/share/sightline` when it is unset or empty.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        dataDirectory = DataHome.directory(environment: environment)
    }

    /// The folder holding one sub-folder per model.
    public var modelsDirectory: URL { dataDirectory.appendingPathComponent("models", isDirectory: true) }

    /// Every model folder under `models/` that has a manifest, sorted by name. A missing
    /// models folder means nothing is installed yet.
    ///
    /// - Throws: `ModelStoreError.unreadableManifest` if any installed manifest is broken
    ///   (so a damaged installation is noticed rather than hidden), or
    ///   `.unreadableModelsDirectory`.
    public func installedModels() throws -> [InstalledModel] {
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: modelsDirectory.path) else { return [] }
        let folders: [String]
        do {
            folders = try fileManager.contentsOfDirectory(atPath: modelsDirectory.path)
        } catch {
            throw ModelStoreError.unreadableModelsDirectory(path: modelsDirectory.path, reason: error.localizedDescription)
        }
        return try folders.sorted().compactMap { folder in
            let manifestURL = modelsDirectory.appendingPathComponent(folder, isDirectory: true)
                .appendingPathComponent(Self.manifestFileName)
            guard fileManager.fileExists(atPath: manifestURL.path) else { return nil }
            var model = try Self.loadModel(manifestURL: manifestURL)
            model.loadingLimits = loadingLimits
            return model
        }
    }

    /// Resolves what a user typed into an installed model:
    /// - a path (it contains "/" or ends in ".onnx"): that ONNX file, described by the
    ///   `manifest.json` in its folder;
    /// - an installed model's full name ("efficientnet-lite0");
    /// - or the part of an installed name after its last hyphen, when only one model has it
    ///   ("lite0").
    public func model(_ reference: String) throws -> InstalledModel {
        if reference.contains("/") || reference.lowercased().hasSuffix(".onnx") {
            var model = try Self.model(atPath: reference)
            model.loadingLimits = loadingLimits
            return model
        }
        let installed = try installedModels()
        if let exact = installed.first(where: { $0.name == reference }) {
            return exact
        }
        let matches = installed.filter { $0.name.split(separator: "-").last.map(String.init) == reference }
        if matches.count == 1 {
            return matches[0]
        }
        if matches.count > 1 {
            throw ModelStoreError.ambiguousReference(reference: reference, candidates: matches.map(\.name))
        }
        throw ModelStoreError.notInstalled(reference: reference, modelsDirectory: modelsDirectory.path,
                                           installed: installed.map(\.name))
    }

    /// The ONNX file at `path` with the manifest in its folder.
    public static func model(atPath path: String) throws -> InstalledModel {
        let modelURL = URL(fileURLWithPath: path).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: modelURL.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw ModelStoreError.modelFileNotFound(path: path)
        }
        let manifestURL = modelURL.deletingLastPathComponent().appendingPathComponent(manifestFileName)
        guard FileManager.default.fileExists(atPath: manifestURL.path) else {
            throw ModelStoreError.manifestMissing(modelPath: path, expectedManifest: manifestURL.path)
        }
        let model = try loadModel(manifestURL: manifestURL)
        guard model.modelURL.lastPathComponent == modelURL.lastPathComponent else {
            throw ModelStoreError.manifestDescribesAnotherFile(modelPath: path, manifestPath: manifestURL.path,
                                                               describedFile: model.manifest.file)
        }
        return model
    }

    /// Reads the manifest at `manifestURL`; the model file is the manifest's `file` in the same folder.
    public static func loadModel(manifestURL: URL) throws -> InstalledModel {
        let manifest = try ModelManifest(contentsOf: manifestURL)
        let modelURL = manifestURL.deletingLastPathComponent().appendingPathComponent(manifest.file)
        return InstalledModel(manifest: manifest, modelURL: modelURL, manifestURL: manifestURL)
    }
}
