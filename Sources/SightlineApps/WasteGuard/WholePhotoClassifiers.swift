// WholePhotoClassifiers: WasteGuard's optional whole-photo heads, trained with `sightline train`
// on the shared waste photos — `waste-organic` (organic vs non-organic) and `waste-materials`
// (TrashNet: cardboard, glass, metal, paper, plastic, trash). Each is used only when installed.
// They judge whole images — a photo, a box cut out of it, a window of it — in batches, and the
// organic head can show where in an image it sees non-organic waste.
import Foundation
public import SightlineImaging
public import SightlineVision

/// The installed whole-photo classifiers (either may be missing).
public struct WholePhotoClassifiers: Sendable {
    /// The installed model name of the organic vs non-organic head.
    public static let organicModelName = "waste-organic"
    /// The installed model name of the materials head.
    public static let materialsModelName = "waste-materials"

    public let organic: ImageClassifier?
    public let materials: ImageClassifier?
    /// Where in an image the organic head sees its classes (class activation maps), when the
    /// head provides a feature map (heads trained with `sightline train` do).
    public let organicMapper: ClassActivationMapper?

    /// - Throws: `WasteGuardError.incompatibleModel` when `organic` does not have exactly the
    ///   labels "organic" and "non-organic"; `LocalizationError` when its feature map is unusable.
    public init(organic: ImageClassifier?, materials: ImageClassifier?) throws {
        if let organic {
            let labels = Set(organic.model.manifest.labels)
            guard labels == [PhotoVerdict.organicLabel, PhotoVerdict.nonOrganicLabel] else {
                throw WasteGuardError.incompatibleModel(model: organic.model.name, reason:
                    "an organic-waste classifier needs exactly the labels '\(PhotoVerdict.organicLabel)' and "
                    + "'\(PhotoVerdict.nonOrganicLabel)', it has \(organic.model.manifest.labels.joined(separator: ", "))")
            }
        }
        self.organic = organic
        self.materials = materials
        organicMapper = try organic.flatMap { head in
            head.model.manifest.outputs["feature_map"] == nil ? nil : try ClassActivationMapper(classifier: head)
        }
    }

    /// Loads whichever of the two heads `store` has installed; a head that is not installed is
    /// simply absent.
    ///
    /// - Throws: `ClassificationError` when an installed head cannot be loaded, or
    ///   `WasteGuardError.incompatibleModel`.
    public static func installed(in store: ModelStore, inferenceOptions: InferenceOptions = InferenceOptions()) throws
        -> WholePhotoClassifiers {
        let names = Set(try store.installedModels().map(\.name))
        func load(_ name: String) throws -> ImageClassifier? {
            guard names.contains(name) else { return nil }
            return try ImageClassifier(model: store.model(name), options: inferenceOptions)
        }
        return try WholePhotoClassifiers(organic: load(organicModelName), materials: load(materialsModelName))
    }

    /// Whether any head is installed.
    public var isEmpty: Bool { organic == nil && materials == nil }

    /// The names of the installed heads.
    public var modelNames: [String] {
        [organic, materials].compactMap { $0?.model.name }
    }

    /// The verdict of the installed heads on the whole of `image` (upright), or nil when none is
    /// installed. The material is left out when the photo is judged organic.
    ///
    /// - Throws: `ClassificationError.inferenceFailed`.
    public func verdict(on image: RGBImage) throws -> PhotoVerdict? {
        try judgements(of: [image]).first?.verdict
    }

    /// The box (in pixels of `image`) around where the organic head sees non-organic waste in
    /// `image` (upright): the strongest region of its class activation map; nil without a map or
    /// a region.
    ///
    /// - Throws: `LocalizationError.inferenceFailed`.
    public func nonOrganicRegion(in image: RGBImage) throws -> PixelRect? {
        guard let organicMapper,
              let index = organicMapper.classifier.model.manifest.labels.firstIndex(of: PhotoVerdict.nonOrganicLabel) else {
            return nil
        }
        return try organicMapper.localize(image: image, classIndices: [index], options: LocalizationOptions(maximumRegions: 1))
            .first?.regions.first?.boundingBox
    }

    /// What the installed heads say about each of `images` (upright), in order; each head runs
    /// once over all of them as one batch.
    ///
    /// - Throws: `ClassificationError.inferenceFailed`.
    public func judgements(of images: [RGBImage]) throws -> [RegionJudgement] {
        func rankings(_ classifier: ImageClassifier?) throws -> [[PhotoJudgement]] {
            guard let classifier, !images.isEmpty else { return images.map { _ in [] } }
            let rule = classifier.confidenceRule
            return try classifier.classify(images: images, top: classifier.model.manifest.labels.count).map { result in
                result.observations.map {
                    PhotoJudgement(label: $0.label, confidence: Double($0.confidence), model: classifier.model.name,
                                   isSure: rule.isSure(Double($0.confidence)))
                }
            }
        }
        let organic = try rankings(organic)
        let materials = try rankings(materials)
        return zip(organic, materials).map { RegionJudgement(organic: $0.first, materials: $1) }
    }
}
