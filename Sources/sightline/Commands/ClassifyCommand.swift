// ClassifyCommand: `sightline classify` — names what is in photos (files or whole folders)
// with an installed classification model, as text or JSON lines.
import ArgumentParser
import Foundation
import SightlineCommandSupport
import SightlineEngine
import SightlineVision

struct ClassifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "classify",
        abstract: "Name what is in photos: the most likely classes with their confidences.",
        discussion: """
            Each PATH is an image file or a directory. A file named on the command line is always \
            attempted, whatever its name, and a problem with it is reported as that file's error. \
            A directory is walked recursively and only its files ending in .jpg, .jpeg, .png or \
            .webp (any case) are attempted. Formats are recognised by content: JPEG, PNG and WebP.

            Results go to stdout: a few lines per file, or with --json one JSON object per line:
              {"file": "cat.jpg", "results": [{"index": 281, "label": "tabby cat", "confidence": 0.43}], "milliseconds": 7.9}
              {"file": "notes.jpg", "error": "…"}
            "milliseconds" is the time spent on that file: reading, decoding and preparing it, \
            plus its share of its batch's inference. A progress bar (only when stderr is a \
            terminal), errors in text mode and the summary go to stderr.

            The exit status is 0 only if every file was classified.
            """)

    @OptionGroup var modelOptions: ClassifierModelOptions

    @Option(help: "How many classes to show per image.")
    var top = 5

    @OptionGroup var format: JSONOutputOptions

    @OptionGroup var engine: EngineOptions

    @Option(help: "Images run through the model together; the next batch is decoded meanwhile.")
    var batchSize = 8

    @Argument(help: ArgumentHelp("Image files and directories.", valueName: "path"))
    var paths: [String]

    func validate() throws {
        guard top >= 1 else { throw ValidationError("--top must be at least 1, got \(top).") }
        guard batchSize >= 1 else { throw ValidationError("--batch-size must be at least 1, got \(batchSize).") }
    }

    func run() throws {
        let files = try ImageFileCollector.collectSome(paths)
        let classifier = try ImageClassifier(model: modelOptions.installedModel(), options: engine.inferenceOptions)
        let printer = ClassificationPrinter(json: format.json)
        var progress = ProgressBar(total: files.count)
        var failures = 0
        let start = DispatchTime.now().uptimeNanoseconds
        var fileIndex = 0
        progress.draw()
        classifier.classify(imagesAt: files.map(\.url), top: top, batchSize: batchSize) { batch in
            progress.clear()
            for image in batch.images {
                printer.print(image, displayPath: files[fileIndex].displayPath)
                if case .failure = image.result { failures += 1 }
                fileIndex += 1
            }
            progress.advance(by: batch.images.count)
        }
        progress.clear()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let succeeded = files.count - failures
        StandardError.print(String(
            format: "%d file%@: %d classified, %d failed, in %.2f s (%.1f images/s) with %@, %d engine thread%@.",
            files.count, files.count == 1 ? "" : "s", succeeded, failures, seconds,
            Double(files.count) / max(seconds, 1e-9), classifier.model.name,
            classifier.session.threadPool.threads, classifier.session.threadPool.threads == 1 ? "" : "s"))
        if failures > 0 { throw ExitCode(1) }
    }
}
