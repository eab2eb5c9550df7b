// FaceDetectionError: why a face detector could not be created or could not search an image —
// naming the model or file and what to do.
public import Foundation
public import SightlineEngine
public import SightlineImaging

/// Why `FaceDetector` could not be created or could not detect faces in an image.
public enum FaceDetectionError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// A setting of `FaceDetectionOptions` is out of range.
    case invalidOptions(String)
    /// The image could not be read or decoded; `file` is nil for in-memory data.
    case unreadableImage(file: String?, reason: ImagingError)
    /// The ONNX file could not be loaded or compiled by the engine.
    case unusableModel(model: String, path: String, reason: EngineError)
    /// The model's manifest or graph is not the MTCNN stage this detector expects.
    case manifestDoesNotMatchModel(model: String, reason: String)
    /// The engine failed while running a stage, or returned outputs of an unexpected shape.
    case inferenceFailed(model: String, reason: String)

    public var description: String {
        switch self {
        case let .invalidOptions(reason):
            return "Invalid face detection options: \(reason)."
        case let .unreadableImage(file, reason):
            return file.map { "\($0): \(reason)" } ?? reason.description
        case let .unusableModel(model, path, reason):
            return "The model '\(model)' (\(path)) cannot be loaded: \(reason). "
                + "Reinstall it with `make models`."
        case let .manifestDoesNotMatchModel(model, reason):
            return "The model '\(model)' is not the MTCNN stage expected: \(reason). "
                + "Reinstall it with `make models`."
        case let .inferenceFailed(model, reason):
            return "Running the model '\(model)' failed: \(reason)"
        }
    }

    public var errorDescription: String? { description }
}
