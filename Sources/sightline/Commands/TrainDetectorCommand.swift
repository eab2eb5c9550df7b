// TrainDetectorCommand: `sightline train-detector` — trains an object detector on a YOLO-format
// dataset (transfer learning on a frozen backbone, Create ML style) and installs it as a model
// that `detect`, `evaluate-detector`, the apps and the API use by name.
import ArgumentParser
import Foundation
import SightlineCommandSupport
import SightlinePresentation
import SightlineTraining
import SightlineVision

struct TrainDetectorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "train-detector",
        abstract: "Train an object detector on a YOLO-format dataset of labelled boxes.",
        discussion: """
            DIR is a YOLO dataset: DIR/data.yaml names the classes (`names: [a, b, …]`), and \
            DIR/train and DIR/valid each hold images/ and labels/ — for every photo a label file \
            at the same relative path ending in .txt, one `class cx cy w h` line per object \
            (fractions of the photo). When valid/ is missing or empty a seeded fifth of train/ \
            is held out. At least two classes must have boxes. Malformed label files, unknown \
            class ids and unreadable photos are skipped and listed; boxes reaching outside their \
            photo are clipped to it.

            How: the backbone (default lite0, frozen) turns each photo, letterboxed to \
            --image-size, into feature maps at strides 8, 16 and 32. A small anchor-free head \
            (FCOS-style: 1×1 laterals and a top-down pyramid, a class tower and a box tower of \
            3×3 convolutions, class scores, box distances and centre-ness) learns from them with \
            AdamW: focal loss, GIoU loss and centre-ness cross-entropy. Each epoch every training \
            photo is varied afresh — objects cut from other photos pasted in, a random crop, a \
            mirror, a colour change (off with --no-augment); the validation photos' features are \
            computed once. After every epoch the loss and the validation mAP@0.5 are printed; \
            training stops when mAP@0.5 has not improved for --patience epochs and keeps the \
            best epoch. The same dataset, options, --seed and --threads give the same detector.

            The result is installed in the data directory as models/NAME/model.onnx (backbone \
            and head in ONNX, one "detections" output in the YOLOv8 layout) and \
            models/NAME/manifest.json (labels, input, thresholds and the training record). Use \
            it with `sightline detect --model NAME PHOTO` and `sightline evaluate-detector NAME \
            DIR/valid`. Training again under the same NAME replaces an earlier trained \
            detector; nothing is installed when training fails.
            """)

    @Argument(help: ArgumentHelp("The YOLO-format dataset: data.yaml, train/ and valid/.", valueName: "dir"))
    var directory: String

    @Option(help: ArgumentHelp("The name to install the detector under (letters, digits, '-', '_', '.').", valueName: "name"))
    var output: String

    @Option(help: "The frozen backbone: lite0 or lite2 (an installed EfficientNet-Lite classifier).")
    var backbone = "lite0"

    @Option(help: "Seed of the augmentation, the order of photos and the starting weights.")
    var seed: UInt64 = 0

    @Option(help: "The most passes over the training photos.")
    var epochs = 30

    @Option(help: ArgumentHelp("The side of the square input photos are letterboxed to (a multiple of 32).", valueName: "px"))
    var imageSize = 320

    @Option(help: "Stop when validation mAP@0.5 has not improved for this many epochs.")
    var patience = 8

    @Option(help: "Photos per optimiser step.")
    var batchSize = 8

    @Option(help: "AdamW's peak learning rate.")
    var learningRate = 2e-3

    @Flag(help: "Train on the photos as they are, without copy-paste, crops, mirrors or colour changes.")
    var noAugment = false

    @OptionGroup var engine: EngineOptions

    @Option(help: ArgumentHelp("Also write the trained head alone (an ONNX file without the backbone) to this file.",
                               valueName: "file"))
    var headOutput: String?

    @Option(help: ArgumentHelp("The title recorded in the manifest.", valueName: "text"))
    var title: String?

    @OptionGroup var format: JSONOutputOptions

    func validate() throws {
        do {
            try TrainedModelWriter.checkName(output)
            try options.validate()
        } catch let error as CustomStringConvertible & Error {
            throw ValidationError(error.description)
        }
    }

    private var options: DetectorTrainingOptions {
        DetectorTrainingOptions(backbone: backbone, imageSize: imageSize, epochs: epochs, patience: patience, seed: seed,
                                batchSize: batchSize, learningRate: learningRate, augment: !noAugment, threads: engine.threads)
    }

    func run() throws {
        let store = ModelStore()
        try TrainedDetectorWriter.checkAvailable(output, in: store)
        let backboneModel = try store.model(backbone)
        let dataset = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        StandardError.print("Training a detector on \(dataset.path) with \(backboneModel.name) features at "
            + "\(imageSize)×\(imageSize), at most \(epochs) epochs (seed \(seed)).")
        let reporter = ProgressReporter()
        let trained = try DetectorTrainer.train(directory: dataset, backbone: backboneModel, options: options) { event in
            reporter.show(event)
        }
        let head = TrainedDetectorHead(trained, title: title)
        let model = try TrainedDetectorWriter.write(head, on: backboneModel, name: output, to: store)
        if let headOutput {
            try head.write(to: URL(fileURLWithPath: headOutput))
            StandardError.print("Head written to \(headOutput); `sightline models install` installs it from Models/heads/.")
        }
        for skipped in trained.skipped {
            StandardError.print("skipped \(skipped.file): \(skipped.reason)")
        }
        if format.json, let record = model.manifest.detectorTraining {
            printJSON(DetectorTrainingJSON(record))
            return
        }
        printSummary(trained, model: model)
    }

    private func printSummary(_ trained: TrainedDetector, model: InstalledModel) {
        print("")
        print("Trained '\(model.name)': \(trained.classNames.count) classes, \(trained.trainingPhotos) training and "
            + "\(trained.validationPhotos) validation photos"
            + (trained.validationHeldOut ? " (held out of train/: the dataset has no valid/ photos)" : "")
            + (trained.skipped.isEmpty ? "" : ", \(trained.skipped.count) files skipped")
            + (trained.clippedBoxes == 0 ? "" : ", \(trained.clippedBoxes) boxes clipped to their photo")
            + (trained.droppedBoxes == 0 ? "" : ", \(trained.droppedBoxes) boxes outside their photo dropped") + ".")
        let metrics = trained.validationMetrics
        print(String(format: "Kept epoch %d of %d%@: validation mAP@0.5 %.3f, mAP@0.5:0.95 %.3f.", trained.bestEpoch,
                     trained.epochs.count, trained.stoppedEarly ? " (stopped early)" : "",
                     metrics.meanAveragePrecision50 ?? 0, metrics.meanAveragePrecision50to95 ?? 0))
        let ap = Dictionary(metrics.perClass.map { ($0.classIndex, $0.averagePrecision50) }, uniquingKeysWith: { first, _ in first })
        let rows = trained.classNames.enumerated().map { index, label -> [String] in
            let validation = trained.validationBoxes[index]
            return [label, "\(trained.trainingBoxes[index])", "\(validation)",
                    validation > 0 ? String(format: "%.3f", ap[index] ?? 0) : "–"]
        }
        print(TextTable(header: ["class", "train boxes", "valid boxes", "AP@0.5"], rows: rows).rendered)
        print(String(format: "Time: %.1f s.", trained.seconds))
        print("Saved to \(model.directory.path); use it with: sightline detect --model \(model.name) PHOTO")
    }
}

/// Draws the progress of training on stderr: a bar per epoch with the running loss, then one
/// line per finished epoch.
private final class ProgressReporter: @unchecked Sendable {
    private var bar: ProgressBar?
    private var phase = ""
    private let lock = NSLock()

    func show(_ event: DetectorTrainingEvent) {
        lock.lock()
        defer { lock.unlock() }
        switch event {
        case let .decoding(done, total):
            advance("decoding", done: done, total: total, note: "reading photos")
        case let .caching(done, total):
            advance("caching", done: done, total: total, note: "validation features")
        case let .batch(epoch, epochs, done, total, loss):
            advance("epoch \(epoch)", done: done, total: total, note: String(format: "epoch %d/%d  loss %.4f", epoch, epochs, loss))
        case .epochFinished(let record):
            bar?.clear()
            bar = nil
            StandardError.print(String(format: "epoch %3d  loss %.4f (class %.4f, box %.4f, centre-ness %.4f)  "
                + "validation mAP@0.5 %.3f  mAP@0.5:0.95 %.3f  %.1f s", record.epoch, record.loss, record.classificationLoss,
                record.boxLoss, record.centernessLoss, record.validationMAP50, record.validationMAP50to95, record.seconds))
        }
    }

    private func advance(_ newPhase: String, done: Int, total: Int, note: String) {
        if newPhase != phase || bar == nil {
            bar?.clear()
            bar = ProgressBar(total: total)
            phase = newPhase
        }
        bar!.note = note
        bar!.advance(by: done - bar!.completed)
        if done >= total {
            bar!.clear()
        }
    }
}
