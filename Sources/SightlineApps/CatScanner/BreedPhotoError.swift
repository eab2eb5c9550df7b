// BreedPhotoError: why the encyclopaedia's pictures could not be installed — a photo missing
// from the dataset folder, one that is not a readable image, or a data directory that cannot be
// written — each naming the file.
public import Foundation

/// Why `BreedPhotos.install(from:)` installed nothing.
public enum BreedPhotoError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The datasets folder has no file at this path (relative to it).
    case missing(path: String)
    /// The file is not a photo Sightline can read.
    case unreadable(path: String, reason: String)
    /// The pictures folder of the data directory cannot be written.
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case let .missing(path):
            return "The breed photo \(path) is not in the datasets folder; pass the folder that holds cat-breeds-oxford."
        case let .unreadable(path, reason):
            return "The breed photo \(path) is not a readable photo (\(reason)); nothing was installed."
        case let .cannotWrite(path, reason):
            return "The breed photos cannot be written to \(path) (\(reason))."
        }
    }

    public var errorDescription: String? { description }
}
