// ModelsCalibrateCommand: `sightline models calibrate` — chooses an installed classifier's
// confidence threshold on a folder of labelled photos it was not trained on and records it in
// the model's manifest, where the apps, the API and the CLI read it.
import ArgumentParser
import Foundation
import SightlineCommandSupport
import SightlineVision

struct ModelsCalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Choose a classifier's confidence threshold on labelled photos and record it.",
        discussion: """
            DIR holds one sub-folder per class, named after one of the model's classes — the \
            layout `sightline evaluate` reads. The photos must be ones the model was not trained \
            on. The threshold is the lowest top-1 confidence at which at least --target-precision \
            of the answers at or above it are right (at least 10 of them); below it the apps say \
            "Not sure — maybe …" and offer the three most likely classes. It is written to the \
            model's manifest.json as its `confidence` section. `sightline train` records one itself, \
            chosen on its validation photos; `make models` calibrates the ImageNet models on \
            ../shared/datasets/imagenet-sample.
            """)

    @Argument(help: ArgumentHelp("The installed classifier: lite0, lite2, a trained model's name.", valueName: "model"))
    var model: String

    @Argument(help: ArgumentHelp("Folder with one sub-folder of photos per class.", valueName: "dir"))
    var directory: String

    @Option(help: "The share of right answers the threshold must reach, between 0.5 and 1.")
    var targetPrecision = ConfidenceCalibration.defaultTargetPrecision

    @Option(help: "What the photos are, recorded in the manifest (default: the folder's path).")
    var source: String?

    @OptionGroup var engine: EngineOptions

    func validate() throws {
        guard targetPrecision >= 0.5, targetPrecision <= 1 else {
            throw ValidationError("--target-precision must be between 0.5 and 1, got \(targetPrecision).")
        }
    }

    func run() throws {
        let folder = try LabelledImageFolder(scanning: URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL)
        let installed = try ModelStore().model(model)
        let classifier = try ImageClassifier(model: installed, options: engine.inferenceOptions)
        var progress = ProgressBar(total: folder.photoCount)
        progress.draw()
        let run = try ClassifierEvaluator.evaluate(classifier, on: folder) { done in
            progress.advance(by: done - progress.completed)
        }
        progress.clear()
        for skipped in run.skippedPhotos {
            StandardError.print("\(skipped.url.path): skipped: \(skipped.reason)")
        }
        let outcomes = run.outcomes.map(\.calibrationOutcome)
        guard let confidence = ConfidenceCalibration.calibrate(outcomes, targetPrecision: targetPrecision,
                                                               source: source ?? folder.url.path) else {
            throw CommandFailure("\(directory) has \(outcomes.count) readable photos; a threshold needs at least "
                + "\(ConfidenceCalibration.minimumAnswers). The manifest was not changed.")
        }
        _ = try installed.recordingConfidence(confidence)
        func percent(_ value: Double) -> String { String(format: "%.1f %%", value * 100) }
        let reached = confidence.precision >= targetPrecision ? "" : " (the target \(percent(targetPrecision)) is not reached at any threshold)"
        print("\(installed.name): threshold \(percent(confidence.threshold)) on \(confidence.photos) photos: "
            + "\(percent(confidence.precision)) of the answers at or above it right\(reached), "
            + "\(percent(confidence.coverage)) of the photos answered; recorded in \(installed.manifestURL.path)")
    }
}
