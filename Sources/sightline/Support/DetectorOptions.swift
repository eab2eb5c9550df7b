// DetectorOptions: the options `sightline detect` and `sightline evaluate-detector` share for
// loading a YOLO detector — its label file, suppression, letterbox size, output layout and
// engine threads — and the detector they make.
import ArgumentParser
import Foundation
import SightlineImaging
import SightlineVision

extension YOLOOutputLayout: ExpressibleByArgument {}

struct DetectorOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Class names, one per line in the model's class order. Default: the model's manifest "
                               + "or its metadata (Ultralytics exports), else \"class N\".", valueName: "file"))
    var labels: String?

    @Option(help: "Of two boxes of one class overlapping by more than this IoU (0–1), the weaker is dropped.")
    var iou = 0.6

    @Option(help: "At most this many objects per photo.")
    var maxDetections = 300

    @Option(help: ArgumentHelp("The square side photos are letterboxed to, for models whose input size is not fixed. "
                               + "Default: the model's manifest or metadata, else 640.", valueName: "pixels"))
    var imageSize: Int?

    @Option(help: ArgumentHelp("The output layout, when the output's shape leaves it open: yolov5 ([1, boxes, 5 + classes], "
                               + "also YOLOv7) or yolov8 ([1, 4 + classes, boxes]).", valueName: "layout"))
    var layout: YOLOOutputLayout?

    @OptionGroup var engine: EngineOptions

    func validate() throws {
        guard iou >= 0, iou <= 1 else { throw ValidationError("--iou must be between 0 and 1, got \(iou).") }
        guard maxDetections >= 1 else { throw ValidationError("--max-detections must be at least 1, got \(maxDetections).") }
        if let imageSize, !(32 ... 8192).contains(imageSize) {
            throw ValidationError("--image-size must be between 32 and 8192 pixels, got \(imageSize).")
        }
    }

    /// The detector for `model` (a path or an installed name) dropping objects at or below `confidence`.
    func detector(model: String, confidence: Double) throws -> ObjectDetector {
        let names = try labels.map { try DetectionLabels.read(contentsOf: URL(fileURLWithPath: $0)) }
        let options = ObjectDetectionOptions(confidenceThreshold: confidence, iouThreshold: iou, maximumDetections: maxDetections,
                                             inputSize: imageSize.map { ImageSize(width: $0, height: $0) }, layout: layout)
        return try ObjectDetector(reference: model, labels: names, options: options, inferenceOptions: engine.inferenceOptions)
    }
}
