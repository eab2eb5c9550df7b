// ClassificationError: why an image could not be classified or a classifier not created —
// naming the file or model and the problem.
public import Foundation
public import SightlineEngine
public import SightlineImaging

/// Why `ImageClassifier` could not be created or could not classify an image.
public enum ClassificationError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The image could not be read or decoded; `file` is nil for in-memory data.
    case unreadableImage(file: String?, reason: ImagingError)
    /// The model is for another task (e.g. face detection).
    case notAClassifier(model: String, task: ModelManifest.Task)
    /// The ONNX file could not be loaded or compiled by the engine.
    case unusableModel(model: String, path: String, reason: EngineError)
    /// The manifest names an input or output the graph does not have.
    case manifestDoesNotMatchModel(model: String, reason: String)
    /// The engine failed while running the model.
    case inferenceFailed(model: String, reason: EngineError)

    public var description: String {
        switch self {
        case let .unreadableImage(file, reason):
            return file.map { "\($0): \(reason)" } ?? reason.description
        case let .notAClassifier(model, task):
            return "The model '\(model)' is a \(task.rawValue) model, not an image classifier; "
                + "choose a classification model (see `sightline models list`)."
        case let .unusableModel(model, path, reason):
            return "The model '\(model)' (\(path)) cannot be loaded: \(reason). "
                + "Reinstall it with `make models`."
        case let .manifestDoesNotMatchModel(model, reason):
            return "The manifest of '\(model)' does not match its ONNX file: \(reason). "
                + "Reinstall it with `make models`."
        case let .inferenceFailed(model, reason):
            return "Running the model '\(model)' failed: \(reason)"
        }
    }

    public var errorDescription: String? { description }
}
