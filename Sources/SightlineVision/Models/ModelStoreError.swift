// ModelStoreError: why a model could not be found or its manifest not used, each message
// saying what was looked for, where, and how to fix it.
public import Foundation

/// Why `ModelStore` could not list or resolve a model.
public enum ModelStoreError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// No installed model has this name; `installed` lists the names that are there.
    case notInstalled(reference: String, modelsDirectory: String, installed: [String])
    /// Several installed models match a short name.
    case ambiguousReference(reference: String, candidates: [String])
    /// A model path was given but nothing is there.
    case modelFileNotFound(path: String)
    /// A model path was given but its folder has no manifest describing how to use it.
    case manifestMissing(modelPath: String, expectedManifest: String)
    /// The manifest next to a model path describes a different file.
    case manifestDescribesAnotherFile(modelPath: String, manifestPath: String, describedFile: String)
    /// A manifest exists but cannot be read or decoded.
    case unreadableManifest(path: String, reason: String)
    /// The manifest asks for something Sightline cannot do.
    case unsupportedManifest(model: String, reason: String)
    /// The models folder exists but cannot be listed.
    case unreadableModelsDirectory(path: String, reason: String)
    /// A manifest could not be rewritten (the old one is left as it was).
    case unwritableManifest(path: String, reason: String)

    public var description: String {
        switch self {
        case let .notInstalled(reference, modelsDirectory, installed):
            let present = installed.isEmpty
                ? "no models are installed there"
                : "installed: \(installed.joined(separator: ", "))"
            return "The model '\(reference)' is not installed in \(modelsDirectory) (\(present)). "
                + "Run `make models` in the Sightline repository (`scripts/install_models.py --all` adds EfficientNet-Lite1), "
                + "or give the path of an .onnx file that has a manifest.json next to it."
        case let .ambiguousReference(reference, candidates):
            return "The model name '\(reference)' matches several installed models "
                + "(\(candidates.joined(separator: ", "))); use the full name."
        case let .modelFileNotFound(path):
            return "There is no model file at \(path)."
        case let .manifestMissing(modelPath, expectedManifest):
            return "The model \(modelPath) has no manifest: Sightline needs \(expectedManifest) next to it "
                + "(input size, normalisation, layout and labels; see docs/models.md). Models installed with "
                + "`make models` have one."
        case let .manifestDescribesAnotherFile(modelPath, manifestPath, describedFile):
            return "The manifest \(manifestPath) describes '\(describedFile)', not \(modelPath); "
                + "give the path of the file it describes, or put the model in its own folder with its own manifest."
        case let .unreadableManifest(path, reason):
            return "The model manifest \(path) cannot be used: \(reason). "
                + "Reinstall the model with `make models`."
        case let .unsupportedManifest(model, reason):
            return "The model '\(model)' cannot be used: \(reason)."
        case let .unreadableModelsDirectory(path, reason):
            return "Cannot list the models folder \(path): \(reason)."
        case let .unwritableManifest(path, reason):
            return "Cannot write the model manifest \(path): \(reason). It was left as it was."
        }
    }

    public var errorDescription: String? { description }
}
