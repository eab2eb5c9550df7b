// EvaluationError: why an accuracy evaluation could not start — a bad class table or a
// photo folder that is not laid out as expected.
public import Foundation

public enum EvaluationError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    case invalidClassTable(path: String, reason: String)
    case unreadableFolder(path: String, reason: String)
    /// The folder has no photos in sub-folders named after known classes.
    case noLabelledPhotos(path: String)

    public var description: String {
        switch self {
        case let .invalidClassTable(path, reason):
            return "The class table \(path) cannot be used: \(reason)."
        case let .unreadableFolder(path, reason):
            return "Cannot read the folder \(path): \(reason)."
        case let .noLabelledPhotos(path):
            return "No labelled photos in \(path): expected image files (.jpg, .jpeg, .png, .webp) in "
                + "sub-folders named after ImageNet WordNet ids, e.g. \(path)/n02123045/cat.jpg."
        }
    }

    public var errorDescription: String? { description }
}
