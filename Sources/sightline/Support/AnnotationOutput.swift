// AnnotationOutput: where `--annotate OUT` puts each photo's annotated copy when a command
// takes several photos — OUT itself for a single photo file, otherwise one file per photo in
// the directory OUT, named after the photo (`<name>-<suffix>.jpg`, or .png for PNG photos).
import Foundation
import SightlineCommandSupport

/// The annotated-image files of one command run.
///
/// OUT is the output file itself (its extension, .jpg, .jpeg or .png, chooses the format)
/// when the command was given exactly one PATH, that PATH is a file, and OUT is neither an
/// existing directory nor ends in "/". Otherwise OUT is a directory, created if missing, and
/// photo `<name>.<ext>` is written to `OUT/<name>-<suffix>.png` if it is a PNG and to
/// `OUT/<name>-<suffix>.jpg` otherwise; when photos of one run share a name (from different
/// folders) the later ones get "-2", "-3", … after the suffix. Existing files are replaced. A
/// directory OUT that does not exist yet must not end in .jpg, .jpeg or .png (that is almost
/// certainly a file name given by mistake).
enum AnnotationOutput {
    /// The file each of `photos` (found from the command's PATH `arguments`) is written to.
    ///
    /// - Parameter suffix: what the annotation shows, appended to each photo's name ("faces").
    /// - Throws: `CommandFailure` when OUT as a file has no image extension, or OUT as a
    ///   directory is a file, is named like an image file, or cannot be created.
    static func files(path: String, arguments: [String], photos: [URL], suffix: String) throws -> [AnnotatedImageFile] {
        var isDirectory: ObjCBool = false
        let outputExists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        let singlePhotoFile = arguments.count == 1 && !Self.isDirectory(arguments[0])
        if singlePhotoFile, !(outputExists && isDirectory.boolValue), !path.hasSuffix("/") {
            let file = try AnnotatedImageFile(path: path)
            return photos.map { _ in file }
        }
        let namesImageFile = (try? AnnotatedImageFile(path: path)) != nil  // ends in .jpg, .jpeg or .png
        if outputExists ? !isDirectory.boolValue : namesImageFile {
            throw CommandFailure("--annotate \(path): with several photos or a folder of photos, --annotate needs a "
                + "directory to write one image per photo into, but \(path) \(outputExists ? "is a file" : "names an image file").")
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("--annotate \(path): cannot create the directory (\(error.localizedDescription)).")
        }
        let directory = URL(fileURLWithPath: path, isDirectory: true)
        var namesUsed: Set<String> = []
        return try photos.map { photo in
            let name = photo.deletingPathExtension().lastPathComponent
            let fileExtension = photo.pathExtension.lowercased() == "png" ? "png" : "jpg"
            var candidate = "\(name)-\(suffix).\(fileExtension)"
            var number = 2
            while namesUsed.contains(candidate) {
                candidate = "\(name)-\(suffix)-\(number).\(fileExtension)"
                number += 1
            }
            namesUsed.insert(candidate)
            return try AnnotatedImageFile(path: directory.appendingPathComponent(candidate).path)
        }
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
