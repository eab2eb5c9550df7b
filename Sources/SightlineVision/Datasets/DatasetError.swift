// DatasetError: what is wrong with a labelled photo folder given to `train` or `evaluate`,
// each message naming the folder or class and saying how to fix it.
public import Foundation

/// Why a labelled photo folder cannot be used.
public enum DatasetError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The path is missing or is a file.
    case notAFolder(path: String)
    /// The folder or one of its sub-folders cannot be listed.
    case unreadableFolder(path: String, reason: String)
    /// No sub-folder could be a class; `ignoredFolders` hold files but no photos.
    case noClassFolders(path: String, ignoredFolders: [String])
    /// Class folders with nothing in them.
    case emptyClassFolders(path: String, labels: [String])
    /// Training needs at least two classes.
    case singleClass(path: String, label: String)
    /// Classes with fewer than `minimum` readable photos; `counts` gives how many each has.
    case tooFewPhotos(minimum: Int, counts: [ClassPhotoCount])

    /// A class and how many usable photos it has.
    public struct ClassPhotoCount: Sendable, Equatable {
        public var label: String
        public var photos: Int

        public init(label: String, photos: Int) {
            self.label = label
            self.photos = photos
        }
    }

    public var description: String {
        let layout = "Put the photos in one sub-folder per class, named after the class (e.g. DIR/cat/1.jpg, DIR/dog/2.jpg)."
        switch self {
        case let .notAFolder(path):
            return "\(path) is not a folder. \(layout)"
        case let .unreadableFolder(path, reason):
            return "Cannot read the folder \(path): \(reason)."
        case let .noClassFolders(path, ignoredFolders):
            let ignored = ignoredFolders.isEmpty ? ""
                : " (these sub-folders hold no .jpg, .jpeg, .png or .webp files: \(ignoredFolders.joined(separator: ", ")))"
            return "\(path) has no class folders\(ignored). \(layout)"
        case let .emptyClassFolders(path, labels):
            let folders = labels.map { "\(path)/\($0)" }
            return folders.count == 1
                ? "The class folder \(folders[0]) is empty. Add photos of that class or remove the folder."
                : "These class folders are empty: \(folders.joined(separator: ", ")). Add photos to them or remove them."
        case let .singleClass(path, label):
            return "\(path) has only one class ('\(label)'); a classifier needs at least two. "
                + "Add a sub-folder of photos for every other class it should tell apart (e.g. 'not-\(label)')."
        case let .tooFewPhotos(minimum, counts):
            let list = counts.map { "\($0.label) (\($0.photos))" }.joined(separator: ", ")
            return "Every class needs at least \(minimum) readable photos; these have fewer: \(list). "
                + "Add photos to those classes or remove their folders."
        }
    }

    public var errorDescription: String? { description }
}
