// TrainCommand: `sightline train` — trains an image classifier on a folder with one sub-folder
// of photos per class (Create ML for Linux) and installs it as a model that `classify` and
// `evaluate` use by name.
import ArgumentParser
import Foundation
import SightlineCommandSupport
import SightlineTraining
import SightlineVision

struct TrainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "train",
        abstract: "Train an image classifier on a folder of labelled photos.",
        discussion: """
            DIR holds one sub-folder per class, named after the class, with its photos (.jpg, \
            .jpeg, .png, .webp) directly inside: DIR/cat/1.jpg, DIR/dog/2.jpg, … Every class \
            needs at least 2 readable photos, and there must be at least two classes. \
            Sub-folders holding only other files are ignored; unreadable photos are skipped and \
            listed.

            How: the backbone (default lite0) turns every photo into its 1280 penultimate \
            activations; with --augment also some mirrored, rotated, cropped and colour-shifted \
            copies. A stratified, seeded --validation part of each class is held out. A \
            multinomial logistic regression (L2-regularised, L-BFGS) is fitted on the rest at \
            decreasing regularisation strengths — scikit-learn's C = 0.0316, 0.1, 0.316, 1 — \
            each fit continuing from the previous one; after each, the training and validation \
            loss and accuracy are printed, and the path stops early when the validation loss \
            stops improving. The final weights are then fitted on all photos at the strength \
            with the lowest validation loss (unless --no-refit). The same photos, options and \
            --seed always give the same model.

            The result is installed in the data directory as models/NAME/model.onnx (the \
            backbone plus a Gemm and a Softmax; outputs "logits" and "probabilities", labels \
            in its metadata) and models/NAME/manifest.json (which also records how it was \
            trained). Use it with `sightline classify --model NAME` and `sightline evaluate NAME \
            DIR`. Training again under the same NAME replaces an earlier trained model; the name \
            of a downloaded model is refused.

            --head-output FILE also writes the head alone — the Gemm and Softmax on a \
            "features" input [N, 1280], with the labels, the backbone and the training record in \
            its metadata — about 5 KB per class. `sightline models install` installs the \
            head files in the repository's Models/heads/ this way, composing each with the \
            installed backbone (scripts/train_app_heads.py makes the apps' heads).
            """)

    @Argument(help: ArgumentHelp("Folder with one sub-folder of photos per class.", valueName: "dir"))
    var directory: String

    @Option(help: ArgumentHelp("The name to install the model under (letters, digits, '-', '_', '.').", valueName: "name"))
    var output: String

    @Option(help: "The fraction of each class's photos held out for validation (0 ≤ v < 1; 0 disables early stopping).")
    var validation = 0.2

    @Flag(help: "Also train on augmented copies of the photos (flips, crops, small rotations, colour changes).")
    var augment = false

    @Option(help: "Augmented copies per photo with --augment.")
    var augmentCopies = 4

    @Option(help: "The most L-BFGS iterations of each fit.")
    var maxIterations = 500

    @Option(help: "Seed of the validation split and the augmentation.")
    var seed: UInt64 = 0

    @Option(help: "The model whose features the classifier reads: lite0, lite1, lite2 or an installed classifier with a \"features\" output.")
    var backbone = "lite0"

    @Flag(help: "Keep the weights fitted on the training part instead of refitting on all photos.")
    var noRefit = false

    @Option(help: ArgumentHelp("Also write the trained head alone (an ONNX file without the backbone) to this file.",
                               valueName: "file"))
    var headOutput: String?

    @OptionGroup var engine: EngineOptions

    @Option(help: ArgumentHelp("Resize photos so their shorter side is this many pixels before the centre crop (default: the backbone's, 256 for lite0); the trained model prepares photos the same way. The crop size keeps the most of each photo.", valueName: "pixels"))
    var shorterSide: Int?

    @Option(name: .customLong("class-weight"), help: ArgumentHelp(
        "How much one photo of a class counts (repeatable; classes not named count 1), e.g. \"American Curl=0.25\" for a class whose photos are less reliably labelled.",
        valueName: "label=weight"))
    var classWeightArguments: [String] = []

    @Option(help: "Images run through the backbone together.")
    var batchSize = 16

    func validate() throws {
        guard validation >= 0, validation < 1 else {
            throw ValidationError("--validation must be at least 0 and below 1, got \(validation).")
        }
        guard augmentCopies >= 1 else { throw ValidationError("--augment-copies must be at least 1, got \(augmentCopies).") }
        guard maxIterations >= 1 else { throw ValidationError("--max-iterations must be at least 1, got \(maxIterations).") }
        guard batchSize >= 1 else { throw ValidationError("--batch-size must be at least 1, got \(batchSize).") }
        _ = try classWeights()
        do {
            try TrainedModelWriter.checkName(output)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        let start = DispatchTime.now().uptimeNanoseconds
        let store = ModelStore()
        let folder = try LabelledImageFolder(scanning: URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL)
        if !folder.ignoredFolders.isEmpty {
            StandardError.print("Ignored sub-folder\(folder.ignoredFolders.count == 1 ? "" : "s") without photos: "
                + folder.ignoredFolders.joined(separator: ", "))
        }
        try ClassifierTrainer.checkClasses(of: folder)
        try TrainedModelWriter.checkAvailable(output, in: store)
        var backboneModel = try store.model(backbone)
        if let shorterSide { backboneModel = try backboneModel.resizingShorterSide(to: shorterSide) }
        let trainer = try ClassifierTrainer(backbone: backboneModel, options: engine.inferenceOptions)
        let options = ClassifierTrainingOptions(
            validationFraction: validation, augmentation: augment ? ImageAugmentation(copiesPerPhoto: augmentCopies) : nil,
            seed: seed, regularization: RegularizationPath(maximumIterationsPerStep: maxIterations),
            refitOnAllPhotos: !noRefit, batchSize: batchSize, classWeights: try classWeights())
        print("Training on \(folder.photoCount) photos in \(folder.classes.count) classes (\(folder.url.path)), "
            + "\(trainer.backbone.name) features\(shorterSide.map { " (shorter side resized to \($0) px)" } ?? "")"
            + "\(augment ? ", \(augmentCopies) augmented copies per photo" : "").")

        var progress: ProgressBar?
        var table = PathTable(validation: validation > 0)
        let trained = try trainer.train(folder, options: options) { event in
            switch event {
            case let .features(completed, total):
                var bar = progress ?? ProgressBar(total: total)
                bar.advance(by: completed - bar.completed)
                if completed == total { bar.clear() }
                progress = bar
            case .fitting(.iteration(let step, let strength, let iteration)):
                table.showRunning(step: step, inverseStrength: strength, iteration)
            case .fitting(.stepFinished(let step)):
                table.print(step)
            case .refitting(let strength):
                Swift.print("Fitting the final weights on all photos at C = \(PathTable.format(strength)).")
            }
        }
        let model = try TrainedModelWriter.write(trained, name: output, to: store)
        printSummary(trained, model: model, seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        if let headOutput {
            try TrainedHead(trained).write(to: URL(fileURLWithPath: headOutput))
            print("Head written to \(headOutput); `sightline models install` installs it from Models/heads/.")
        }
    }

    /// The --class-weight arguments by label.
    private func classWeights() throws -> [String: Double] {
        var weights: [String: Double] = [:]
        for argument in classWeightArguments {
            guard let equals = argument.lastIndex(of: "="), let weight = Double(argument[argument.index(after: equals)...]),
                  weight > 0, weight.isFinite, equals != argument.startIndex else {
                throw ValidationError("--class-weight takes LABEL=WEIGHT with a positive weight, got '\(argument)'.")
            }
            let label = String(argument[..<equals])
            guard weights.updateValue(weight, forKey: label) == nil else {
                throw ValidationError("--class-weight names '\(label)' twice.")
            }
        }
        return weights
    }

    private func printSummary(_ trained: TrainedClassifier, model: InstalledModel, seconds: Double) {
        let report = trained.report
        for skipped in report.skippedPhotos {
            StandardError.print("skipped \(skipped.url.path): \(skipped.reason)")
        }
        let trainingPhotos = report.classes.reduce(0) { $0 + $1.trainingPhotos }
        let validationPhotos = report.classes.reduce(0) { $0 + $1.validationPhotos }
        print("")
        print("Trained '\(model.name)': \(trained.labels.count) classes, \(trainingPhotos) training and "
            + "\(validationPhotos) validation photos" + (report.skippedPhotos.isEmpty ? "" : ", \(report.skippedPhotos.count) unreadable skipped")
            + ".")
        var accuracy = String(format: "Training accuracy %.1f %%", report.trainingAccuracy * 100)
        let chosen = report.path.chosen
        if let validationAccuracy = report.validationAccuracy {
            accuracy += String(format: ", validation accuracy %.1f %%", validationAccuracy * 100)
                + " at C = \(PathTable.format(chosen.inverseStrength))"
                + (report.path.stoppedEarly ? " (stopped early: the validation loss rose)" : "")
        }
        print(accuracy + ".")
        print("Final weights: C = \(PathTable.format(chosen.inverseStrength)), \(report.finalIterations) iterations, fitted on "
            + (report.refittedOnAllPhotos ? "all \(trainingPhotos + validationPhotos)" : "the \(trainingPhotos) training") + " photos"
            + (report.augmentationCopies > 0 ? " and their augmented copies." : "."))
        print(String(format: "Time: %.1f s (features %.1f s, fitting %.1f s).", seconds, report.featureSeconds, report.fittingSeconds))
        print("Saved to \(model.directory.path); use it with: sightline classify --model \(model.name) PHOTO")
    }
}

/// Prints the regularisation path as a table, one row per step, with a line on a terminal that
/// shows the running fit's latest iteration.
private struct PathTable {
    let validation: Bool
    private var headerPrinted = false
    private let live = StandardError.isTerminal

    init(validation: Bool) {
        self.validation = validation
    }

    /// "0.0316", "1".
    static func format(_ inverseStrength: Double) -> String {
        String(format: "%g", inverseStrength)
    }

    mutating func showRunning(step: Int, inverseStrength: Double, _ iteration: LogisticRegressionIteration) {
        guard live, iteration.iteration % 5 == 0 else { return }
        var status = "\r\u{1B}[K  fitting C = \(Self.format(inverseStrength)): iteration \(iteration.iteration), "
            + String(format: "training accuracy %.1f %%", iteration.trainingAccuracy * 100)
        if let accuracy = iteration.validationAccuracy { status += String(format: ", validation %.1f %%", accuracy * 100) }
        StandardError.write(status)
    }

    mutating func print(_ step: RegularizationPathStep) {
        if live { StandardError.write("\r\u{1B}[K") }
        if !headerPrinted {
            Swift.print(validation ? "C         ITERATIONS  TRAIN LOSS  TRAIN ACC  VAL LOSS  VAL ACC"
                                   : "C         ITERATIONS  TRAIN LOSS  TRAIN ACC")
            headerPrinted = true
        }
        let final = step.final
        var line = Self.format(step.inverseStrength).padding(toLength: 8, withPad: " ", startingAt: 0)
            + String(format: "  %10d  %10.4f  %7.1f %%", step.iterations, final.trainingLoss, final.trainingAccuracy * 100)
        if let loss = final.validationLoss, let accuracy = final.validationAccuracy {
            line += String(format: "  %8.4f  %5.1f %%", loss, accuracy * 100)
        }
        Swift.print(line)
        fflush(nil)  // shown at once even when stdout is a pipe
    }
}
