// EvaluateDetectorCommand: `sightline evaluate-detector` — scores a YOLO detector on a labelled
// YOLO-format folder: per-class average precision, precision and recall, and COCO's mAP@0.5 and
// mAP@0.5:0.95, as a table or JSON.
import ArgumentParser
import Foundation
import SightlineCommandSupport
import SightlinePresentation
import SightlineVision

struct EvaluateDetectorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate-detector",
        abstract: "Measure a YOLO detector's mAP@0.5 and mAP@0.5:0.95 on a labelled YOLO-format folder.",
        discussion: """
            DIR is a YOLO dataset folder (or one split of one, e.g. DIR/valid): photos under \
            images/, and for each a label file under labels/ at the same relative path ending in \
            .txt, one `class cx cy w h` line per object (fractions of the photo; polygon lines \
            count as their bounding box). A photo without a label file shows no objects. Class \
            names come from a data.yaml in DIR or its parent, else from the model.

            The metrics are COCO's (as pycocotools computes them): per class, detections are \
            matched to labelled boxes most confident first at IoU 0.50, 0.55, …, 0.95; the \
            average precision interpolates precision at 101 recall points; mAP is the mean over \
            the classes that have labelled objects. To trace the whole precision–recall curve the \
            detector runs at confidence 0.001 (as Ultralytics validates); precision and recall \
            in the table are those of the detections above --confidence, matched at IoU 0.5.

            With --json one object is printed:
              {"map50": 0–1, "map50_95": 0–1, "precision": 0–1, "recall": 0–1, "confidence": 0.4, "photos": 128, "instances": 929, "per_class": [{"class": 0, "label": "person", "photos": 61, "instances": 254, "detections": 230, "precision": 0.9, "recall": 0.8, "ap50": 0.85, "ap50_95": 0.6}], "failed": ["…"], "skipped": ["…"]}
            "precision" and "recall" are means over the classes. Photos whose label file is \
            malformed are skipped (listed on stderr, and under "skipped"); photos that cannot \
            be read are listed under "failed" and make the exit status 1.
            """)

    @Argument(help: ArgumentHelp("The detector: the path of a YOLO .onnx file, or an installed object-detection model's name.",
                                 valueName: "model"))
    var model: String

    @Argument(help: ArgumentHelp("The YOLO-format folder: images/ and labels/.", valueName: "dir"))
    var directory: String

    @Option(help: "The operating confidence: precision and recall count the detections above it.")
    var confidence = 0.4

    @OptionGroup var detectorOptions: DetectorOptions

    @OptionGroup var format: JSONOutputOptions

    /// The detector's own threshold while evaluating: low, so the precision–recall curve is complete.
    static let evaluationConfidence = 0.001

    func validate() throws {
        guard confidence >= 0, confidence <= 1 else {
            throw ValidationError("--confidence must be between 0 and 1, got \(confidence).")
        }
    }

    func run() throws {
        let dataset = try YOLODataset(directory: URL(fileURLWithPath: directory, isDirectory: true))
        for skipped in dataset.skipped {
            StandardError.print("skipped \(skipped.url.path): \(skipped.reason)")
        }
        let detector = try detectorOptions.detector(model: model, confidence: min(confidence, Self.evaluationConfidence))
        let classNames = dataset.classNames ?? detector.labels.names
        if let datasetNames = dataset.classNames, detector.labels.source != .none, datasetNames != detector.labels.names {
            StandardError.print("warning: the class names of \(dataset.configurationURL?.path ?? "data.yaml") differ from the "
                + "model's (\(detector.labels.source)); classes are matched by index, the table uses the dataset's names.")
        }

        var evaluator = DetectionEvaluator()
        var failures: [String] = []
        var progress = ProgressBar(total: dataset.photos.count)
        let start = DispatchTime.now().uptimeNanoseconds
        progress.draw()
        for photo in dataset.photos {
            do {
                evaluator.add(groundTruth: photo.objects, detections: try detector.detectObjects(inImageAt: photo.url))
            } catch {
                failures.append("\(error)")
            }
            progress.advance(by: 1)
        }
        progress.clear()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        for failure in failures { StandardError.print("error: \(failure)") }
        let metrics = evaluator.metrics(classNames: classNames, operatingConfidence: confidence)
        if format.json {
            printJSON(DetectorEvaluationJSON(metrics, failures: failures, skipped: dataset.skipped))
        } else {
            printTable(metrics)
            StandardError.print(String(
                format: "%d photo%@ evaluated in %.1f s (%.1f images/s), model %@; %d skipped, %d failed.",
                metrics.photoCount, metrics.photoCount == 1 ? "" : "s", seconds,
                Double(dataset.photos.count) / max(seconds, 1e-9), detector.modelName, dataset.skipped.count, failures.count))
        }
        if !failures.isEmpty { throw ExitCode(1) }
    }

    private func printTable(_ metrics: DetectionMetrics) {
        func percent(_ value: Double?) -> String { value.map { String(format: "%.1f", $0 * 100) } ?? "–" }
        let header = ["class", "photos", "instances", "detections", "P %", "R %", "AP50 %", "AP50-95 %"]
        var rows = metrics.perClass.map { scores in
            [scores.label, String(scores.photoCount), String(scores.instanceCount), String(scores.detectionCount),
             percent(scores.precision), percent(scores.recall), percent(scores.averagePrecision50),
             percent(scores.averagePrecision50to95)]
        }
        rows.append(["all (mean)", String(metrics.photoCount), String(metrics.instanceCount),
                     String(metrics.perClass.map(\.detectionCount).reduce(0, +)), percent(metrics.meanPrecision),
                     percent(metrics.meanRecall), percent(metrics.meanAveragePrecision50),
                     percent(metrics.meanAveragePrecision50to95)])
        print(TextTable(header: header, rows: rows).rendered)
        print("")
        print("mAP@0.5 \(percent(metrics.meanAveragePrecision50)) %   mAP@0.5:0.95 \(percent(metrics.meanAveragePrecision50to95)) %   "
            + "(precision and recall above confidence \(metrics.operatingConfidence), at IoU 0.5)")
        if !metrics.detectedClassesWithoutLabels.isEmpty {
            print("Detected but never labelled (not in the means): "
                + metrics.detectedClassesWithoutLabels.map { "class \($0)" }.joined(separator: ", "))
        }
    }
}
