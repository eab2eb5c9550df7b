// ImageFileCollector: turns the PATH arguments of `sightline classify` into the list of files
// to classify — explicit files as given, directories walked recursively for image files (a
// symbolic link to an image counts as one).
import Foundation
import SightlineCommandSupport

/// A file to classify, with the path to show the user (as given, or as found in a walk).
struct ImageFile {
    let url: URL
    let displayPath: String
}

enum ImageFileCollector {
    /// File name extensions (compared case-insensitively) that a directory walk picks up.
    static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "webp"]

    /// Every file to classify, in argument order; each directory's images sorted by path.
    /// A path that is a file is always included — even a missing one, or one with another
    /// extension — so that its problem is reported as that file's error. A directory
    /// contributes only files with an image extension, from all its sub-directories.
    static func collect(_ paths: [String]) throws -> [ImageFile] {
        var files: [ImageFile] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                files += try imagesInDirectory(path)
            } else {
                files.append(ImageFile(url: URL(fileURLWithPath: path), displayPath: path))
            }
        }
        return files
    }

    /// `collect(paths)`, which must find at least one file.
    ///
    /// - Throws: `CommandFailure` saying where no image file was found.
    static func collectSome(_ paths: [String]) throws -> [ImageFile] {
        let files = try collect(paths)
        guard !files.isEmpty else {
            throw CommandFailure("No image files (.jpg, .jpeg, .png, .webp) found in \(paths.joined(separator: ", ")).")
        }
        return files
    }

    private static func imagesInDirectory(_ path: String) throws -> [ImageFile] {
        let root = URL(fileURLWithPath: path, isDirectory: true)
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            throw CommandFailure("Cannot read the directory \(path).")
        }
        var relativePaths: [String] = []
        let prefixLength = root.standardizedFileURL.path.count + 1
        for case let url as URL in walker {
            guard imageExtensions.contains(url.pathExtension.lowercased()),
                  (try? url.resolvingSymlinksInPath().resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
            else { continue }
            relativePaths.append(String(url.standardizedFileURL.path.dropFirst(prefixLength)))
        }
        let base = path.hasSuffix("/") ? path : path + "/"
        return relativePaths.sorted().map { relative in
            ImageFile(url: root.appendingPathComponent(relative), displayPath: base + relative)
        }
    }
}
