// EvaluateImageNetCommand: `sightline-lab evaluate-imagenet` — measures a classifier's top-1/top-5
// accuracy on ImageNet photos filed as <wnid>/<file>, and with --reference checks that ONNX
// Runtime fed the very same input tensors ranks the classes identically.
package import ArgumentParser
import Foundation
import SightlineCommandSupport
import SightlineEngine
import SightlineVision

package struct EvaluateImageNetCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "evaluate-imagenet",
        abstract: "Measure top-1 and top-5 accuracy on a folder of ImageNet photos.",
        discussion: """
            DIR holds photos in sub-folders named after their ImageNet WordNet id, e.g. \
            DIR/n02123045/cat.jpg; only .jpg, .jpeg, .png and .webp files are read and \
            folders with other names are skipped. WordNet ids are matched with output indices \
            through the repository's Data/imagenet-classes.tsv (or --classes).

            With --reference, the exact input tensors Sightline prepared are also given to ONNX \
            Runtime (scripts/reference/ort_bench.py logits, in the repository's .venv), and the \
            report adds its accuracy and how many photos' top-1 class and top-5 list (in order) \
            differ between the two. The exit status is 1 if a photo could not be read.
            """)

    @Argument(help: ArgumentHelp("Folder of photos laid out as <wnid>/<file>.", valueName: "dir"))
    var directory: String

    @Option(help: "The model: lite0, lite1, lite2, an installed model's full name, or an .onnx path with a manifest.json next to it.")
    var model = "lite0"

    @Flag(help: "Also run ONNX Runtime on the same input tensors and compare.")
    var reference = false

    @Option(help: "Engine threads, for Sightline and ONNX Runtime (0: one per core).")
    var threads = 0

    @Option(help: "Images per batch.")
    var batchSize = 25

    @Option(help: ArgumentHelp("The class table (index, wnid, name; tab-separated). Default: the repository's Data/imagenet-classes.tsv.",
                               valueName: "tsv"))
    var classes: String?

    package init() {}

    package func validate() throws {
        guard threads >= 0 else { throw ValidationError("--threads must be 0 (all cores) or more, got \(threads).") }
        guard batchSize >= 1 else { throw ValidationError("--batch-size must be at least 1, got \(batchSize).") }
    }

    package func run() throws {
        // Found before the long run, so a missing repository is reported at once.
        let referenceRepository = reference ? try Repository.locate() : nil
        let classTable = try ImageNetClassTable(contentsOf: classes.map { URL(fileURLWithPath: $0) }
            ?? Repository.locate().url("Data/imagenet-classes.tsv"))
        let folder = try LabelledPhoto.imageNetFolder(URL(fileURLWithPath: directory, isDirectory: true), classes: classTable)
        if !folder.skippedFolders.isEmpty {
            StandardError.print("Skipped \(folder.skippedFolders.count) folder(s) not named after an ImageNet class: "
                + folder.skippedFolders.prefix(5).joined(separator: ", ") + (folder.skippedFolders.count > 5 ? ", …" : ""))
        }
        let photos = folder.photos
        let classifier = try ImageClassifier(model: ModelStore().model(model), options: InferenceOptions(threads: threads))
        let tensors = reference ? try TensorBatchFolder() : nil

        // Sightline: rankings (top-5 class indices) by photo position; nil = could not be read.
        var rankings = [[Int]?](repeating: nil, count: photos.count)
        var failures: [String] = []
        var progress = ProgressBar(total: photos.count)
        var offset = 0
        let start = DispatchTime.now().uptimeNanoseconds
        try classifier.classify(imagesAt: photos.map(\.url), top: 5, batchSize: batchSize) { batch in
            for (position, image) in batch.images.enumerated() {
                switch image.result {
                case .success(let result): rankings[offset + position] = result.observations.map(\.index)
                case .failure(let error): failures.append(error.description)
                }
            }
            try tensors?.add(batch.preparedInput, photoPositions: batch.preparedImageIndices.map { offset + $0 },
                             preprocessing: classifier.preprocessing)
            offset += batch.images.count
            progress.advance(by: batch.images.count)
        }
        progress.clear()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        for failure in failures { StandardError.print("error: \(failure)") }

        var sightline = TopKAccuracy()
        for (photo, ranking) in zip(photos, rankings) {
            if let ranking { sightline.record(ranking: ranking, truth: photo.classIndex) }
        }
        print(String(format: "%d photos of %d classes in %@, model %@: %d classified in %.1f s (%.1f images/s)",
                     photos.count, Set(photos.map(\.classIndex)).count, directory, classifier.model.name,
                     sightline.photos, seconds, Double(photos.count) / max(seconds, 1e-9)))
        print(Self.accuracyLine("Sightline", sightline))

        if let tensors, let repository = referenceRepository {
            let referenceRankings = try tensors.referenceRankings(
                ONNXRuntimeReference(repository: repository, modelURL: classifier.model.modelURL,
                                     threads: classifier.session.threadPool.threads),
                logitsOutput: classifier.logitsOutputName)
            var onnxRuntime = TopKAccuracy()
            var top1Differences = 0
            var top5Differences = 0
            for (position, referenceRanking) in referenceRankings {
                onnxRuntime.record(ranking: referenceRanking, truth: photos[position].classIndex)
                let ranking = rankings[position] ?? []
                if ranking.first != referenceRanking.first { top1Differences += 1 }
                if ranking != referenceRanking { top5Differences += 1 }
            }
            print(Self.accuracyLine("ONNX Runtime", onnxRuntime) + "  (same input tensors)")
            print("Photos whose top-1 class differs: \(top1Differences); whose top-5 list differs: "
                + "\(top5Differences) (of \(referenceRankings.count)).")
        }
        if !failures.isEmpty { throw ExitCode(1) }
    }

    private static func accuracyLine(_ name: String, _ accuracy: TopKAccuracy) -> String {
        let padded = name.padding(toLength: 13, withPad: " ", startingAt: 0)
        return String(format: "%@ top-1 %5.1f %% (%d)   top-5 %5.1f %% (%d)", padded,
                      accuracy.top1 * 100, accuracy.top1Hits, accuracy.top5 * 100, accuracy.top5Hits)
    }
}
