// LabelledPhoto: a photo whose true class is known, and how a folder of them laid out as
// `<wnid>/<file>` is read.
public import Foundation

/// A photo and the output index of the class it shows.
public struct LabelledPhoto: Sendable, Equatable {
    public var url: URL
    public var classIndex: Int

    public init(url: URL, classIndex: Int) {
        self.url = url
        self.classIndex = classIndex
    }

    /// File name extensions (any case) read as photos.
    public static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "webp"]

    /// The photos in `directory`/<wnid>/ for every sub-folder named after a class in `classes`,
    /// sorted by path. Files at the top level, other extensions and folders with unknown names
    /// are skipped; `skippedFolders` lists those folders.
    public static func imageNetFolder(_ directory: URL, classes: ImageNetClassTable) throws
        -> (photos: [LabelledPhoto], skippedFolders: [String]) {
        let fileManager = FileManager.default
        let folders: [String]
        do {
            folders = try fileManager.contentsOfDirectory(atPath: directory.path).sorted()
        } catch {
            throw EvaluationError.unreadableFolder(path: directory.path, reason: error.localizedDescription)
        }
        var photos: [LabelledPhoto] = []
        var skipped: [String] = []
        for folder in folders {
            let folderURL = directory.appendingPathComponent(folder, isDirectory: true)
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: folderURL.path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            guard let classIndex = classes.index(ofWNID: folder) else {
                skipped.append(folder)
                continue
            }
            let files: [String]
            do {
                files = try fileManager.contentsOfDirectory(atPath: folderURL.path).sorted()
            } catch {
                throw EvaluationError.unreadableFolder(path: folderURL.path, reason: error.localizedDescription)
            }
            for file in files where imageExtensions.contains((file as NSString).pathExtension.lowercased()) {
                photos.append(LabelledPhoto(url: folderURL.appendingPathComponent(file), classIndex: classIndex))
            }
        }
        guard !photos.isEmpty else { throw EvaluationError.noLabelledPhotos(path: directory.path) }
        return (photos, skipped)
    }
}
