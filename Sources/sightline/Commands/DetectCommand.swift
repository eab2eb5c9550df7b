// DetectCommand: `sightline detect` — finds objects in photos (files or whole folders) with a
// YOLO-family ONNX detector, as text or JSON lines, and optionally writes each photo with its
// objects drawn on it.
import ArgumentParser
import Foundation
import SightlineCommandSupport
import SightlineImaging
import SightlinePresentation
import SightlineVision

struct DetectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detect",
        abstract: "Find objects in photos with a YOLO detector: labelled boxes with confidences.",
        discussion: """
            --model is a YOLOv5/v7 or YOLOv8 ONNX export (such as Ultralytics' `yolo export \
            format=onnx`) given by path, or an installed object-detection model by name. The \
            output layout is told from the output's shape (--layout overrides it). Photos are \
            letterboxed: scaled to fit the model's input keeping their aspect ratio, padded with \
            grey; boxes are mapped back to the photo. Overlapping boxes are suppressed class by \
            class (--iou).

            Each PATH is an image file or a directory, collected as `sightline classify` does: a \
            file named on the command line is always attempted; a directory is walked \
            recursively for .jpg, .jpeg, .png and .webp files.

            Coordinates are pixels of the upright photo (EXIF orientation applied), origin at \
            the top-left corner, clipped to the photo. Results go to stdout: a few lines per \
            file, or with --json one JSON object per line, objects most confident first:
              {"file": "kitchen.jpg", "objects": [{"label": "cup", "confidence": 0.912, "x": 310.5, "y": 122.0, "width": 88.2, "height": 96.4}], "milliseconds": 84.2}
              {"file": "notes.jpg", "error": "…"}
            "milliseconds" is the time spent on that file: reading, decoding and detecting. \
            Errors in text mode and the summary go to stderr.

            --annotate OUT also writes each photo with its objects drawn: blue boxes labelled \
            with class and confidence ("cup 91.2%"). For a single photo file OUT is the output \
            file; its extension, .jpg, .jpeg or .png, chooses the format. With several PATHs or \
            a directory, OUT is a directory (created if missing) and photo <name>.<ext> becomes \
            OUT/<name>-objects.jpg, or OUT/<name>-objects.png for PNG photos; photos sharing a \
            name get -2, -3, … appended. Existing files are replaced.

            The exit status is 0 only if every file was searched (and, with --annotate, written).
            """)

    @Option(help: ArgumentHelp("The detector: the path of a YOLO .onnx file, or an installed object-detection model's name.",
                               valueName: "model"))
    var model: String

    @Option(help: "Objects scoring at or below this (0–1) are not reported.")
    var confidence = 0.4

    @OptionGroup var detectorOptions: DetectorOptions

    @OptionGroup var format: JSONOutputOptions

    @Option(help: ArgumentHelp("Also write each photo with its objects drawn: an image file for one photo, "
                               + "a directory for several (see below).", valueName: "out"))
    var annotate: String?

    @Argument(help: ArgumentHelp("Image files and directories.", valueName: "path"))
    var paths: [String]

    func validate() throws {
        guard confidence >= 0, confidence <= 1 else {
            throw ValidationError("--confidence must be between 0 and 1, got \(confidence).")
        }
    }

    func run() throws {
        let files = try ImageFileCollector.collectSome(paths)
        var annotations = try annotate.map {
            try AnnotatedPhotoWriter(output: $0, arguments: paths, photos: files.map(\.url), suffix: "objects")
        }
        let detector = try detectorOptions.detector(model: model, confidence: confidence)
        var objectCount = 0
        let (failures, seconds) = PhotoSearchLoop.run(files, json: format.json, maxPixels: detector.maxPixels,
                                                      search: detector.detectObjects(in:)) { index, file, photo, objects, milliseconds in
            objectCount += objects.count
            printObjects(objects, file: file.displayPath, milliseconds: milliseconds)
            annotations?.write(photo, index: index, displayPath: file.displayPath) { annotator in
                annotator.drawObjects(objects)
            }
        }
        StandardError.print(String(
            format: "%d file%@: %d searched, %d failed, %d object%@ found, in %.2f s (%.1f images/s) with %@ (labels: %@).",
            files.count, files.count == 1 ? "" : "s", files.count - failures, failures, objectCount,
            objectCount == 1 ? "" : "s", seconds, Double(files.count) / max(seconds, 1e-9), detector.modelName,
            detector.labels.source == .none ? "none, classes are numbered" : detector.labels.source.description))
        annotations?.printSummary()
        if failures + (annotations?.failed ?? 0) > 0 { throw ExitCode(1) }
    }

    private func printObjects(_ objects: [DetectedObject], file: String, milliseconds: Double) {
        if format.json {
            printJSON(DetectionJSON(objects, file: file, milliseconds: milliseconds))
            return
        }
        print(String(format: "%@  (%.1f ms): %d object%@", file, milliseconds, objects.count, objects.count == 1 ? "" : "s"))
        for object in objects {
            let box = object.boundingBox
            print(String(format: "  %5.1f %%  %@  %.0f×%.0f at (%.0f, %.0f)",
                         object.confidence * 100, object.label, box.width, box.height, box.x, box.y))
        }
    }
}
