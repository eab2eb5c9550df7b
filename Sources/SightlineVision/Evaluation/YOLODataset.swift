// YOLODataset: a labelled detection folder in the YOLO layout — photos under images/, one label
// file per photo under labels/ at the same relative path with a .txt extension, and class names
// in a data.yaml beside them or one level up (where Ultralytics and Roboflow put it).
public import Foundation

/// The photos of a YOLO-format folder and their labelled objects.
///
/// A photo without a label file shows no objects (a background photo, as in Ultralytics). A
/// photo whose label file is malformed, or names a class beyond data.yaml's names, is left
/// out and listed in `skipped`.
public struct YOLODataset: Sendable {
    /// A photo and the objects its label file lists.
    public struct Photo: Sendable, Hashable {
        public var url: URL
        /// Where its label file is (or would be).
        public var labelURL: URL
        public var objects: [GroundTruthObject]

        public init(url: URL, labelURL: URL, objects: [GroundTruthObject]) {
            self.url = url
            self.labelURL = labelURL
            self.objects = objects
        }
    }

    /// A photo left out, and why.
    public struct SkippedPhoto: Sendable, Hashable {
        public var url: URL
        public var reason: String
    }

    /// The folder holding images/ and labels/.
    public let directory: URL
    /// The data.yaml the class names came from, if one was found.
    public let configurationURL: URL?
    /// The class names of data.yaml, or nil without one (or without `names`).
    public let classNames: [String]?
    /// The photos, sorted by path.
    public let photos: [Photo]
    public let skipped: [SkippedPhoto]

    /// Reads the folder at `directory`.
    ///
    /// - Throws: `YOLODatasetError`.
    public init(directory: URL) throws {
        let fileManager = FileManager.default
        let imagesFolder = directory.appendingPathComponent("images", isDirectory: true)
        let labelsFolder = directory.appendingPathComponent("labels", isDirectory: true)
        for (folder, name) in [(imagesFolder, "images/"), (labelsFolder, "labels/")] where !Self.isFolder(folder) {
            throw YOLODatasetError.notADataset(path: directory.path, missing: name, splits: Self.splits(in: directory))
        }
        (configurationURL, classNames) = try Self.configuration(near: directory)

        let relativePaths = try Self.imagePaths(under: imagesFolder)
        guard !relativePaths.isEmpty else { throw YOLODatasetError.noPhotos(path: imagesFolder.path) }
        var photos: [Photo] = []
        var skipped: [SkippedPhoto] = []
        for relativePath in relativePaths {
            let url = imagesFolder.appendingPathComponent(relativePath)
            let labelURL = labelsFolder.appendingPathComponent((relativePath as NSString).deletingPathExtension + ".txt")
            guard fileManager.fileExists(atPath: labelURL.path) else {
                photos.append(Photo(url: url, labelURL: labelURL, objects: []))
                continue
            }
            do {
                let objects = try YOLOLabelFile.read(contentsOf: labelURL)
                if let classNames, let outside = objects.first(where: { $0.classIndex >= classNames.count }) {
                    skipped.append(SkippedPhoto(url: url, reason: "\(labelURL.path): class \(outside.classIndex) is beyond "
                        + "the \(classNames.count) names of \(configurationURL?.path ?? YOLODataConfiguration.fileName)"))
                    continue
                }
                photos.append(Photo(url: url, labelURL: labelURL, objects: objects))
            } catch let problem as YOLOLabelFile.Problem {
                skipped.append(SkippedPhoto(url: url, reason: "\(labelURL.path): \(problem)"))
            }
        }
        self.directory = directory
        self.photos = photos
        self.skipped = skipped
    }

    private static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Sub-folders of `directory` that hold both images/ and labels/ (train, valid, test, …).
    private static func splits(in directory: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().filter { name in
            let split = directory.appendingPathComponent(name, isDirectory: true)
            return isFolder(split.appendingPathComponent("images")) && isFolder(split.appendingPathComponent("labels"))
        }
    }

    /// The data.yaml in `directory` or its parent, and its class names.
    private static func configuration(near directory: URL) throws -> (URL?, [String]?) {
        let candidates = [directory, directory.deletingLastPathComponent()]
            .map { $0.appendingPathComponent(YOLODataConfiguration.fileName) }
        guard let url = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            return (nil, nil)
        }
        guard let data = FileManager.default.contents(atPath: url.path), let text = String(data: data, encoding: .utf8) else {
            throw YOLODatasetError.unreadableConfiguration(path: url.path, reason: "it cannot be read as UTF-8 text")
        }
        do {
            return (url, try YOLODataConfiguration.classNames(inYAML: text))
        } catch let error as ClassNameList.ParseError {
            throw YOLODatasetError.unreadableConfiguration(path: url.path, reason: error.description)
        }
    }

    /// The image files under `folder` (any depth), as paths relative to it, sorted.
    private static func imagePaths(under folder: URL) throws -> [String] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else {
            throw YOLODatasetError.unreadableFolder(path: folder.path, reason: "it cannot be listed")
        }
        let prefixLength = folder.standardizedFileURL.path.count + 1
        var paths: [String] = []
        for case let url as URL in walker where LabelledPhoto.imageExtensions.contains(url.pathExtension.lowercased()) {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            paths.append(String(url.standardizedFileURL.path.dropFirst(prefixLength)))
        }
        return paths.sorted()
    }
}
