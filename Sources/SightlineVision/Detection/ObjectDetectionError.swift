// ObjectDetectionError: why an object detector could not be created or could not search an
// image — naming the model, label file or photo, what was wrong and what to do.
public import Foundation
public import SightlineEngine
public import SightlineImaging

/// Why `ObjectDetector` could not be created or could not detect objects in an image.
public enum ObjectDetectionError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// A setting of `ObjectDetectionOptions` is out of range.
    case invalidOptions(String)
    /// The image could not be read or decoded; `file` is nil for in-memory data.
    case unreadableImage(file: String?, reason: ImagingError)
    /// A label file could not be read or holds no names.
    case unreadableLabels(path: String, reason: String)
    /// An installed model is for another task (e.g. classification).
    case notADetector(model: String, task: ModelManifest.Task)
    /// The ONNX file could not be loaded or compiled by the engine.
    case unusableModel(model: String, path: String, reason: EngineError)
    /// The graph is not a YOLO detector Sightline can run: its input is not one image tensor,
    /// its output has no YOLO layout, or its metadata says it does something else.
    case unsupportedModel(model: String, reason: String)
    /// The number of labels differs from the number of classes the model scores.
    case labelsDoNotMatchModel(model: String, labelCount: Int, classCount: Int, labelSource: String)
    /// The engine failed while running the model, or returned an output of an unexpected shape.
    case inferenceFailed(model: String, reason: String)

    public var description: String {
        switch self {
        case let .invalidOptions(reason):
            return "Invalid object detection options: \(reason)."
        case let .unreadableImage(file, reason):
            return file.map { "\($0): \(reason)" } ?? reason.description
        case let .unreadableLabels(path, reason):
            return "The label file \(path) cannot be used: \(reason). It must be UTF-8 text with one class name per line, "
                + "in the model's class order."
        case let .notADetector(model, task):
            return "The model '\(model)' is a \(task.rawValue) model, not an object detector; give a YOLO detector's "
                + ".onnx file or an installed object-detection model."
        case let .unusableModel(model, path, reason):
            return "The model '\(model)' (\(path)) cannot be loaded: \(reason)."
        case let .unsupportedModel(model, reason):
            return "The model '\(model)' is not a YOLO detector Sightline can run: \(reason)."
        case let .labelsDoNotMatchModel(model, labelCount, classCount, labelSource):
            return "The model '\(model)' scores \(classCount) class\(classCount == 1 ? "" : "es") but \(labelSource) has "
                + "\(labelCount) name\(labelCount == 1 ? "" : "s"); give a label file with one name per class, in the model's class order."
        case let .inferenceFailed(model, reason):
            return "Running the model '\(model)' failed: \(reason)"
        }
    }

    public var errorDescription: String? { description }
}
