// EvaluateCommand: `sightline evaluate` — scores a classifier on a folder of labelled photos
// (one sub-folder per class) and prints the report Create ML shows: per class count,
// precision, recall and F1; accuracy, macro averages, top-3 accuracy and the confusion matrix.
import ArgumentParser
import Foundation
import SightlineCommandSupport
import SightlinePresentation
import SightlineVision

struct EvaluateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate",
        abstract: "Score a classifier on a folder of labelled photos.",
        discussion: """
            DIR holds one sub-folder per class, named after one of the model's classes (exactly, \
            or ignoring case with "_", "-" and spaces alike), with its photos directly inside — \
            the layout `sightline train` reads. Sub-folders holding only other files are ignored.

            Precision of a class: of the photos predicted as it, the fraction that are; recall: \
            of its photos, the fraction predicted as it; F1: their harmonic mean. The classes \
            reported are those that occur as a true or a predicted class; a ratio with nothing \
            to divide by counts as 0; macro averages are plain means over those classes. Top-3 \
            accuracy counts a photo as right when its class is among the three most likely.

            With --json one object:
              {"accuracy": 0.958, "top3_accuracy": 0.993, "per_class": [{"label": "carrot", "count": 10, "precision": 1.0, "recall": 0.9, "f1": 0.947}], "labels": ["carrot", …], "confusion": [[9, 1], …], "macro_average": {"precision": …, "recall": …, "f1": …}, "photos": 143, "skipped": [{"file": …, "error": …}]}
            confusion[t][p] counts photos of labels[t] predicted as labels[p]. Unreadable photos \
            are left out and listed (on stderr in text mode); the exit status is then 1.
            """)

    @Argument(help: ArgumentHelp("The model: a trained model's name, lite0, …, or an .onnx path with a manifest.json next to it.",
                                 valueName: "model"))
    var model: String

    @Argument(help: ArgumentHelp("Folder with one sub-folder of photos per class.", valueName: "dir"))
    var directory: String

    @OptionGroup var format: JSONOutputOptions

    @OptionGroup var engine: EngineOptions

    @Option(help: "Images run through the model together; the next batch is decoded meanwhile.")
    var batchSize = 8

    func validate() throws {
        guard batchSize >= 1 else { throw ValidationError("--batch-size must be at least 1, got \(batchSize).") }
    }

    func run() throws {
        let folder = try LabelledImageFolder(scanning: URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL)
        if !folder.ignoredFolders.isEmpty {
            StandardError.print("Ignored sub-folder\(folder.ignoredFolders.count == 1 ? "" : "s") without photos: "
                + folder.ignoredFolders.joined(separator: ", "))
        }
        let classifier = try ImageClassifier(model: ModelStore().model(model), options: engine.inferenceOptions)
        var progress = ProgressBar(total: folder.photoCount)
        progress.draw()
        let run = try ClassifierEvaluator.evaluate(classifier, on: folder, batchSize: batchSize) { done in
            progress.advance(by: done - progress.completed)
        }
        progress.clear()
        let displayRoot = directory.hasSuffix("/") ? directory : directory + "/"
        func display(_ url: URL) -> String {
            let root = folder.url.path + "/"
            return url.path.hasPrefix(root) ? displayRoot + url.path.dropFirst(root.count) : url.path
        }
        if format.json {
            printJSON(ClassifierEvaluationJSON(run, display: display))
        } else {
            for skipped in run.skippedPhotos {
                StandardError.print("\(display(skipped.url)): error: \(skipped.reason)")
            }
            print(Self.report(run.evaluation, model: classifier.model.name, directory: directory,
                              skipped: run.skippedPhotos.count))
        }
        if !run.skippedPhotos.isEmpty { throw ExitCode(1) }
    }

    static func report(_ evaluation: ClassifierEvaluation, model: String, directory: String, skipped: Int) -> String {
        func percent(_ value: Double) -> String { String(format: "%.1f %%", value * 100) }
        var lines: [String] = []
        lines.append("\(model) on \(directory): \(evaluation.photoCount) photos, \(evaluation.labels.count) classes"
            + (skipped > 0 ? " (\(skipped) unreadable file\(skipped == 1 ? "" : "s") left out)" : ""))
        lines.append("")
        let rows = evaluation.perClass.map { metrics in
            [metrics.label, String(metrics.count), percent(metrics.precision), percent(metrics.recall), percent(metrics.f1)]
        }
        lines.append(RightAlignedTable(header: ["CLASS", "COUNT", "PRECISION", "RECALL", "F1"], rows: rows,
                                       leftAlignedColumns: 1).rendered)
        lines.append("")
        lines.append("Accuracy        \(percent(evaluation.accuracy))")
        lines.append("Top-3 accuracy  \(percent(evaluation.top3Accuracy))")
        lines.append("Macro average   precision \(percent(evaluation.macroPrecision)), recall \(percent(evaluation.macroRecall)), "
            + "F1 \(percent(evaluation.macroF1))")
        lines.append("")
        lines.append("Confusion matrix (rows: true class, columns: predicted class, numbered as the rows):")
        let matrixRows = evaluation.confusion.enumerated().map { index, row in
            ["\(index + 1) \(evaluation.labels[index])"] + row.map(String.init)
        }
        lines.append(RightAlignedTable(header: [""] + evaluation.labels.indices.map { String($0 + 1) }, rows: matrixRows,
                                       leftAlignedColumns: 1).rendered)
        return lines.joined(separator: "\n")
    }
}

/// Columns padded to their widest cell: the first `leftAlignedColumns` left-aligned, the rest
/// (numbers) right-aligned.
private struct RightAlignedTable {
    let header: [String]
    let rows: [[String]]
    let leftAlignedColumns: Int

    var rendered: String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column < leftAlignedColumns ? cell + padding : padding + cell
            }.joined(separator: "  ").replacingOccurrences(of: " +$", with: "", options: .regularExpression)
        }.joined(separator: "\n")
    }
}
