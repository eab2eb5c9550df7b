// ImageNetWasteRecognizer: WasteGuard without a waste detector, as honest as the general model
// allows. The ImageNet classes that truly are one of WasteGuard's objects (classes.tsv: orange →
// orange peel, Granny Smith apple → apple, plastic bag, paper towel, banana → fruit, …) are
// scored over the whole, uncropped photo; a class whose corresponding ImageNet classes together
// reach the minimum probability becomes an object, boxed by class activation mapping. The
// installed whole-photo heads then judge the organic boxes and the rest of the photo
// (`ForeignMatterSearch`): an organic object found never ends the check.
import Foundation
public import SightlineImaging
public import SightlineVision

/// Finds WasteGuard objects through an ImageNet classifier.
public struct ImageNetWasteRecognizer: Sendable {
    /// The ImageNet classes of one WasteGuard class, as indices of the classifier's output.
    public struct Correspondence: Sendable, Hashable {
        public var wasteClass: WasteClass
        public var classIndices: [Int]
        public var classLabels: [String]
    }

    /// The summed probability a WasteGuard class's ImageNet classes must reach by default.
    public static let defaultMinimumConfidence = 0.3

    public let mapper: ClassActivationMapper
    /// What the whole-photo heads add to the objects found.
    public let search: ForeignMatterSearch
    /// The WasteGuard classes the classifier can recognise, in WasteGuard's order.
    public let correspondences: [Correspondence]
    public let minimumConfidence: Double

    /// - Parameters:
    ///   - mapper: class activation maps of an ImageNet classifier (lite0).
    ///   - minimumConfidence: the summed probability (0…1) that makes an object.
    public init(mapper: ClassActivationMapper, knowledge: WasteKnowledge, search: ForeignMatterSearch,
                minimumConfidence: Double = ImageNetWasteRecognizer.defaultMinimumConfidence) {
        self.mapper = mapper
        self.search = search
        self.minimumConfidence = minimumConfidence
        correspondences = Self.correspondences(labels: mapper.classifier.model.manifest.labels, knowledge: knowledge)
    }

    /// For each WasteGuard class, the classifier outputs whose label is one of its ImageNet
    /// classes; classes with none are left out.
    public static func correspondences(labels: [String], knowledge: WasteKnowledge) -> [Correspondence] {
        let indexByLabel = Dictionary(labels.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        return knowledge.classes.compactMap { wasteClass in
            let matched = wasteClass.imageNetLabels.compactMap { label in indexByLabel[label].map { (label, $0) } }
            guard !matched.isEmpty else { return nil }
            return Correspondence(wasteClass: wasteClass, classIndices: matched.map(\.1), classLabels: matched.map(\.0))
        }
    }

    public var recognisedClasses: [WasteClass] { correspondences.map(\.wasteClass) }

    /// The objects in `image` (upright), most confident first, with what the heads found.
    ///
    /// - Throws: `LocalizationError.inferenceFailed` or `ClassificationError.inferenceFailed`.
    public func findings(in image: RGBImage) throws -> WasteFindings {
        let indices = correspondences.flatMap(\.classIndices)
        let localizations = indices.isEmpty ? [] : try mapper.localize(
            image: image, classIndices: indices, options: LocalizationOptions(maximumRegions: 1))
        let byIndex = Dictionary(localizations.map { ($0.classIndex, $0) }, uniquingKeysWith: { first, _ in first })
        let modelName = mapper.classifier.model.name
        var objects: [WasteObject] = []
        for correspondence in correspondences {
            let maps = correspondence.classIndices.compactMap { byIndex[$0] }
            let confidence = min(maps.reduce(0) { $0 + $1.confidence }, 1)
            guard confidence >= minimumConfidence, let strongest = maps.max(by: { $0.confidence < $1.confidence }) else {
                continue
            }
            let box = strongest.regions.first?.boundingBox
                ?? PixelRect(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
            let contributing = maps.sorted { $0.confidence > $1.confidence }.map { map in
                WasteObject.ImageNetMatch(index: map.classIndex, label: map.label, confidence: map.confidence)
            }
            objects.append(WasteObject(wasteClass: correspondence.wasteClass, confidence: confidence, boundingBox: box,
                                       imageSize: image.size, evidence: .imageNet(model: modelName, classes: contributing)))
        }
        return try search.findings(for: objects, in: image)
    }
}
