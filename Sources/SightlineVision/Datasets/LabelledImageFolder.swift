// LabelledImageFolder: a folder of photos sorted into one sub-folder per class, the layout
// Create ML reads (DIR/<label>/<photo>) — scanned once for training and for evaluation.
public import Foundation

/// The classes of a labelled photo folder and the image files of each.
///
/// Rules: every visible sub-folder of the folder is a class named after it; its image files
/// (`imageExtensions`, any case) directly inside it are its photos, in name order. Hidden
/// entries (names starting with ".") and files at the top level are not read. A sub-folder
/// that holds files but no image files (e.g. a folder of box annotations) is not a class and
/// is listed in `ignoredFolders`; a sub-folder with nothing in it is a class with no photos.
public struct LabelledImageFolder: Sendable, Equatable {
    /// File name extensions (compared case-insensitively) read as photos.
    public static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "webp"]

    /// One class: its label (the sub-folder's name) and its photos.
    public struct ClassFolder: Sendable, Equatable {
        public var label: String
        public var url: URL
        /// The image files, in name order.
        public var files: [URL]

        public init(label: String, url: URL, files: [URL]) {
            self.label = label
            self.url = url
            self.files = files
        }
    }

    /// The folder that was scanned.
    public let url: URL
    /// The classes in label order (Unicode code point order, the same on every machine).
    public let classes: [ClassFolder]
    /// Sub-folders that hold files but no photos, so are not classes.
    public let ignoredFolders: [String]

    /// Reads the folder at `url`.
    ///
    /// - Throws: `DatasetError.notAFolder`, `.unreadableFolder` or `.noClassFolders` (no
    ///   sub-folder could be a class).
    public init(scanning url: URL) throws(DatasetError) {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw DatasetError.notAFolder(path: url.path)
        }
        var classes: [ClassFolder] = []
        var ignored: [String] = []
        for name in try Self.visibleEntries(of: url) {
            let folder = url.appendingPathComponent(name, isDirectory: true)
            guard fileManager.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            let entries = try Self.visibleEntries(of: folder)
            let photos = entries.filter { Self.imageExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
                .map { folder.appendingPathComponent($0) }
                .filter { fileManager.fileExists(atPath: $0.path, isDirectory: &isDirectory) && !isDirectory.boolValue }
            if photos.isEmpty && !entries.isEmpty {
                ignored.append(name)
            } else {
                classes.append(ClassFolder(label: name, url: folder, files: photos))
            }
        }
        guard !classes.isEmpty else {
            throw DatasetError.noClassFolders(path: url.path, ignoredFolders: ignored)
        }
        self.url = url
        self.classes = classes
        ignoredFolders = ignored
    }

    /// The labels in class order.
    public var labels: [String] { classes.map(\.label) }

    /// The number of photos in all classes.
    public var photoCount: Int { classes.reduce(0) { $0 + $1.files.count } }

    /// Names in `folder` not starting with ".", in Unicode code point order.
    private static func visibleEntries(of folder: URL) throws(DatasetError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { !$0.hasPrefix(".") }
                .sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        } catch {
            throw DatasetError.unreadableFolder(path: folder.path, reason: error.localizedDescription)
        }
    }
}
