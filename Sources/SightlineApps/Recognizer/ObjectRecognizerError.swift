// ObjectRecognizerError: why the Object Recognizer cannot run — a model whose classes are not
// the 1000 ImageNet classes its categories are written for, or a face scan without the face
// detector's models.
public import Foundation

public enum ObjectRecognizerError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The classifier's labels differ from the category table's at class `index`.
    case modelDoesNotMatchCategories(model: String, reason: String)
    /// A face scan was asked of a recognizer loaded without a face detector.
    case faceScanUnavailable

    public var description: String {
        switch self {
        case let .modelDoesNotMatchCategories(model, reason):
            return "The model '\(model)' cannot be used by the Object Recognizer: \(reason). "
                + "It needs a 1000-class ImageNet classifier such as lite0 (`make models`)."
        case .faceScanUnavailable:
            return "The face scan needs the MTCNN face detector models; install them with `make models` "
                + "and load the recognizer with face scanning."
        }
    }

    public var errorDescription: String? { description }
}
