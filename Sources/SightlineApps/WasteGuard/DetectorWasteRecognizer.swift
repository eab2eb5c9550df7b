// DetectorWasteRecognizer: WasteGuard with an installed waste detector — a YOLO model whose
// labels are WasteGuard classes (the original app's kind of model). Its boxes become the
// objects, above the confidence `confidenceThreshold(for:)` gives (0.4, as the original's
// export, for a detector brought by the user; 0.5 for one made by `train-detector`) with 0.6
// overlap. The whole-photo heads then judge its organic boxes and the rest of the photo
// (`ForeignMatterSearch`), so an organic box never ends the check.
import SightlineImaging
import SightlineVision

/// Finds WasteGuard objects with a YOLO detector.
public struct DetectorWasteRecognizer: Sendable {
    /// The original app's detector threshold, used for detectors a user brings.
    public static let exportedDetectorThreshold = 0.4
    /// The threshold for detectors made by `sightline train-detector` (the shipped
    /// `waste-detector`): its false boxes on clean organic waste score 0.40–0.64. On photos none
    /// of the models was trained on (`scripts/waste_check_proxy.py`, figures in
    /// Resources/waste/README.md), check mode flags 18.8 % of 48 clean organic-waste photos and
    /// 82.7 % of 127 with a foreign object pasted in (70.9 % boxed); at 0.45, 31 % and 92 %; at
    /// 0.55, 13 % and 64 %.
    public static let trainedDetectorThreshold = 0.5

    /// The confidence threshold WasteGuard runs `model` at.
    public static func confidenceThreshold(for model: InstalledModel) -> Double {
        model.manifest.detectorTraining == nil ? exportedDetectorThreshold : trainedDetectorThreshold
    }

    public let detector: ObjectDetector
    /// The WasteGuard class of each of the detector's class indices.
    public let classes: [WasteClass]
    /// What the whole-photo heads add to the detector's boxes.
    public let search: ForeignMatterSearch

    /// - Throws: `WasteGuardError.incompatibleModel` when a detector label is not a
    ///   WasteGuard class label or is listed twice.
    public init(detector: ObjectDetector, knowledge: WasteKnowledge, search: ForeignMatterSearch) throws {
        let labels = detector.labels.names
        guard !labels.isEmpty else {
            throw WasteGuardError.incompatibleModel(model: detector.modelName, reason: "it has no class labels")
        }
        var classes: [WasteClass] = []
        for label in labels {
            guard let wasteClass = knowledge.wasteClass(label: label) else {
                throw WasteGuardError.incompatibleModel(model: detector.modelName, reason:
                    "its label '\(label)' is not a WasteGuard class (\(knowledge.classes.map(\.label).joined(separator: ", ")))")
            }
            classes.append(wasteClass)
        }
        guard Set(labels).count == labels.count else {
            throw WasteGuardError.incompatibleModel(model: detector.modelName, reason: "its labels list a class twice")
        }
        self.detector = detector
        self.classes = classes
        self.search = search
    }

    /// The classes the detector knows, in WasteGuard's order.
    public var recognisedClasses: [WasteClass] {
        classes.sorted { $0.index < $1.index }
    }

    /// The objects in `image` (upright), most confident first, with what the heads found.
    ///
    /// - Throws: `ObjectDetectionError.inferenceFailed` or `ClassificationError.inferenceFailed`.
    public func findings(in image: RGBImage) throws -> WasteFindings {
        let objects = try detector.detectObjects(in: image).compactMap { detected -> WasteObject? in
            guard classes.indices.contains(detected.classIndex) else { return nil }
            return WasteObject(wasteClass: classes[detected.classIndex], confidence: detected.confidence,
                               boundingBox: detected.boundingBox, imageSize: image.size,
                               evidence: .detector(model: detector.modelName))
        }
        return try search.findings(for: objects, in: image)
    }
}
