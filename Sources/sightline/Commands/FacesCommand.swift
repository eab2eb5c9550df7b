// FacesCommand: `sightline faces` — finds faces and their landmarks in photos (files or whole
// folders) with the installed MTCNN models, as text or JSON lines, and optionally writes each
// photo with its faces drawn on it.
import ArgumentParser
import Foundation
import SightlineCommandSupport
import SightlineImaging
import SightlinePresentation
import SightlineVision

struct FacesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "faces",
        abstract: "Find faces in photos: boxes, confidences and five landmarks (MTCNN).",
        discussion: """
            Each PATH is an image file or a directory, collected as `sightline classify` does: \
            a file named on the command line is always attempted; a directory is walked \
            recursively for .jpg, .jpeg, .png and .webp files.

            Coordinates are pixels of the upright photo (EXIF orientation applied), origin at \
            the top-left corner. Results go to stdout: a few lines per file, or with --json one \
            JSON object per line:
              {"file": "team.jpg", "faces": [{"x": 130.1, "y": 198.6, "width": 82.1, "height": 105.0, "confidence": 0.99998, "landmarks": {"leftEye": [149.4, 239.3], "rightEye": […], "nose": […], "mouthLeft": […], "mouthRight": […]}}], "milliseconds": 61.2}
              {"file": "notes.jpg", "error": "…"}
            "milliseconds" is the time spent on that file: reading, decoding and detecting. \
            "leftEye" is the eye nearer the photo's left edge. Errors in text mode and the \
            summary go to stderr.

            --annotate OUT also writes each photo with its faces drawn: boxes in yellow labelled \
            with their confidence ("99.8%") and the five landmarks as dots. For a single photo \
            file OUT is the output file; its extension, .jpg, .jpeg or .png, chooses the format. \
            With several PATHs or a directory, OUT is a directory (created if missing) and \
            photo <name>.<ext> becomes OUT/<name>-faces.jpg, or OUT/<name>-faces.png for PNG \
            photos; photos sharing a name get -2, -3, … appended. Existing files are replaced. \
            Photos without faces are written too, unchanged.

            The exit status is 0 only if every file was searched (and, with --annotate, written).
            """)

    @OptionGroup var format: JSONOutputOptions

    @Option(help: ArgumentHelp("Also write each photo with its faces drawn: to this image file for one photo "
                               + "file, into this directory for several photos or a folder.", valueName: "out"))
    var annotate: String?

    @Option(help: "The side in pixels of the smallest face to find.")
    var minimumFaceSize = 20.0

    @Option(help: "How much each image-pyramid level shrinks the previous one, between 0 and 1.")
    var scaleFactor = 0.709

    @Option(help: ArgumentHelp("Search a photo with a longer side than this shrunk to it (faces are still given in the "
        + "photo's pixels; 0: search at full size, which a 100-megapixel photo needs gigabytes for).", valueName: "pixels"))
    var largestSide = FaceDetectionOptions().largestSide ?? 0

    @OptionGroup var engine: EngineOptions

    @Argument(help: ArgumentHelp("Image files and directories.", valueName: "path"))
    var paths: [String]

    func validate() throws {
        guard minimumFaceSize >= 1 else { throw ValidationError("--minimum-face-size must be at least 1, got \(minimumFaceSize).") }
        guard scaleFactor > 0, scaleFactor < 1 else {
            throw ValidationError("--scale-factor must be between 0 and 1 (exclusive), got \(scaleFactor).")
        }
        guard largestSide == 0 || largestSide >= 12 else {
            throw ValidationError("--largest-side must be 0 (full size) or at least 12 pixels, got \(largestSide).")
        }
    }

    func run() throws {
        let files = try ImageFileCollector.collectSome(paths)
        var annotations = try annotate.map {
            try AnnotatedPhotoWriter(output: $0, arguments: paths, photos: files.map(\.url), suffix: "faces")
        }
        let detector = try FaceDetector(
            options: FaceDetectionOptions(minimumFaceSize: minimumFaceSize, scaleFactor: scaleFactor,
                                          largestSide: largestSide == 0 ? nil : largestSide),
            inferenceOptions: engine.inferenceOptions)
        var faceCount = 0
        let (failures, seconds) = PhotoSearchLoop.run(files, json: format.json, maxPixels: detector.maxPixels,
                                                      search: detector.detectFaces(in:)) { index, file, photo, faces, milliseconds in
            faceCount += faces.count
            printFaces(faces, file: file.displayPath, milliseconds: milliseconds)
            annotations?.write(photo, index: index, displayPath: file.displayPath) { annotator in
                annotator.drawFaces(faces)
            }
        }
        StandardError.print(String(
            format: "%d file%@: %d searched, %d failed, %d face%@ found, in %.2f s (%.1f images/s).",
            files.count, files.count == 1 ? "" : "s", files.count - failures, failures,
            faceCount, faceCount == 1 ? "" : "s", seconds, Double(files.count) / max(seconds, 1e-9)))
        annotations?.printSummary()
        if failures + (annotations?.failed ?? 0) > 0 { throw ExitCode(1) }
    }

    private func printFaces(_ faces: [FaceObservation], file: String, milliseconds: Double) {
        if format.json {
            printJSON(FaceJSON(faces, file: file, milliseconds: milliseconds))
            return
        }
        print(String(format: "%@  (%.1f ms): %d face%@", file, milliseconds, faces.count, faces.count == 1 ? "" : "s"))
        for face in faces {
            let box = face.boundingBox
            print(String(format: "  %5.1f %%  %.0f×%.0f at (%.0f, %.0f)",
                         face.confidence * 100, box.width, box.height, box.x, box.y))
        }
    }
}
