// YOLODatasetError: why a folder could not be read as a YOLO detection dataset — naming the
// folder or file and saying how the folder must be laid out.
public import Foundation

/// Why `YOLODataset` could not read a folder.
public enum YOLODatasetError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The folder lacks `images/` or `labels/`; `splits` lists sub-folders that have both.
    case notADataset(path: String, missing: String, splits: [String])
    case unreadableFolder(path: String, reason: String)
    /// `images/` holds no image files.
    case noPhotos(path: String)
    /// data.yaml exists but its `names` cannot be read.
    case unreadableConfiguration(path: String, reason: String)

    public var description: String {
        switch self {
        case let .notADataset(path, missing, splits):
            let hint = splits.isEmpty
                ? "A YOLO dataset folder holds images/ (photos) and labels/ (one .txt per photo, `class cx cy w h` per line)."
                : "It looks like a dataset with splits; give one of them: "
                    + splits.map { (path as NSString).appendingPathComponent($0) }.joined(separator: ", ") + "."
            return "\(path) has no \(missing) folder. \(hint)"
        case let .unreadableFolder(path, reason):
            return "Cannot read the folder \(path): \(reason)."
        case let .noPhotos(path):
            return "No photos (.jpg, .jpeg, .png, .webp) in \(path)."
        case let .unreadableConfiguration(path, reason):
            return "The class names in \(path) cannot be read: \(reason). Fix its `names:` entry or remove the file "
                + "to use the model's class names."
        }
    }

    public var errorDescription: String? { description }
}
