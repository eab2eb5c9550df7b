// DetectorWasteRecognizer: WasteGuard with an installed waste detector — a YOLO model whose
// labels are WasteGuard classes (the original app's kind of model). Its boxes become the
// objects, above the confidence `confidenceThreshold(for:verified:)` gives, with 0.6 overlap.
// With the box verifier installed (`ForeignObjectVerifier`), the detector runs lower, each
// foreign box is judged once more and dropped below the verifier's acceptance, and the organic
// boxes, which nothing verifies, keep the threshold they would have without it. The whole-photo
// heads then judge its organic boxes and the rest of the photo (`ForeignMatterSearch`), so
// neither an organic box nor a dropped one ends the check.
public import SightlineImaging
public import SightlineVision

/// Finds WasteGuard objects with a YOLO detector.
public struct DetectorWasteRecognizer: Sendable {
    /// The original app's detector threshold, used for detectors a user brings.
    public static let exportedDetectorThreshold = 0.4
    /// The threshold for detectors made by `sightline train-detector` (the shipped
    /// `waste-detector`) without the box verifier: its false boxes on clean organic waste score
    /// 0.40–0.64. On photos none of the models was trained on (`scripts/waste_check_proxy.py`),
    /// check mode flags 18.8 % of 48 clean organic-waste photos and 82.7 % of 127 with a foreign
    /// object pasted in (70.9 % boxed); at 0.45, 31 % and 92 %; at 0.55, 13 % and 64 %.
    public static let trainedDetectorThreshold = 0.5
    /// The threshold for a detector made by `train-detector` when the box verifier judges its
    /// foreign boxes: lower, since the verifier removes most false boxes (the figures are in
    /// Resources/waste/README.md).
    public static let verifiedDetectorThreshold = 0.4

    /// The confidence threshold WasteGuard runs `model` at, with or without the box verifier.
    public static func confidenceThreshold(for model: InstalledModel, verified: Bool) -> Double {
        guard model.manifest.detectorTraining != nil else { return exportedDetectorThreshold }
        return verified ? verifiedDetectorThreshold : trainedDetectorThreshold
    }

    public let detector: ObjectDetector
    /// The second opinion on the detector's foreign boxes; nil when not installed.
    public let verifier: ForeignObjectVerifier?
    /// The confidence an organic box needs: the detector's own threshold, or with a verifier, the
    /// threshold the detector would run at without it.
    public let organicThreshold: Double
    /// The WasteGuard class of each of the detector's class indices.
    public let classes: [WasteClass]
    /// What the whole-photo heads add to the detector's boxes.
    public let search: ForeignMatterSearch

    /// - Throws: `WasteGuardError.incompatibleModel` when a detector label is not a
    ///   WasteGuard class label or is listed twice.
    public init(detector: ObjectDetector, verifier: ForeignObjectVerifier? = nil, organicThreshold: Double? = nil,
                knowledge: WasteKnowledge, search: ForeignMatterSearch) throws {
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
        self.verifier = verifier
        self.organicThreshold = organicThreshold ?? detector.options.confidenceThreshold
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
        return try search.findings(for: verified(objects, in: image), in: image)
    }

    /// `objects` without the foreign boxes the verifier rejects and the organic boxes under
    /// `organicThreshold`, its judgement recorded on the foreign boxes it keeps; `objects`
    /// unchanged without a verifier.
    func verified(_ objects: [WasteObject], in image: RGBImage) throws -> [WasteObject] {
        guard let verifier else { return objects }
        let objects = objects.filter { !$0.isOrganic || $0.confidence >= organicThreshold }
        let foreign = objects.indices.filter { !objects[$0].isOrganic }
        let probabilities = try verifier.foreignProbabilities(of: foreign.map { objects[$0].boundingBox }, in: image)
        var result = objects
        var rejected: Set<Int> = []
        for (index, probability) in zip(foreign, probabilities) {
            guard probability >= ForeignObjectVerifier.acceptance else {
                rejected.insert(index)
                continue
            }
            result[index].evidence = .detector(model: detector.modelName, verification: PhotoJudgement(
                label: ForeignObjectVerifier.foreignLabel, confidence: probability, model: verifier.modelName))
        }
        return result.indices.filter { !rejected.contains($0) }.map { result[$0] }
    }
}
