// WholePhotoClassifiers: WasteGuard's optional whole-photo heads, trained with `sightline train`
// on the shared waste photos — `waste-organic` (organic vs non-organic) and `waste-materials`
// (TrashNet: cardboard, glass, metal, paper, plastic, trash). Each is used only when installed;
// together they give the `PhotoVerdict` for photos where no specific object was found.
import Foundation
import SightlineEngine
import SightlineImaging
import SightlineVision

/// The installed whole-photo classifiers (either may be missing).
public struct WholePhotoClassifiers: Sendable {
    /// The installed model name of the organic vs non-organic head.
    public static let organicModelName = "waste-organic"
    /// The installed model name of the materials head.
    public static let materialsModelName = "waste-materials"

    public let organic: ImageClassifier?
    public let materials: ImageClassifier?

    /// - Throws: `WasteGuardError.incompatibleModel` when `organic` does not have exactly the
    ///   labels "organic" and "non-organic".
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
    }

    /// Loads whichever of the two heads `store` has installed; a head that is not installed is
    /// simply absent.
    ///
    /// - Throws: `ClassificationError` when an installed head cannot be loaded, or
    ///   `WasteGuardError.incompatibleModel`.
    public static func installed(in store: ModelStore, sessionOptions: SessionOptions = SessionOptions()) throws
        -> WholePhotoClassifiers {
        let names = Set(try store.installedModels().map(\.name))
        func load(_ name: String) throws -> ImageClassifier? {
            guard names.contains(name) else { return nil }
            return try ImageClassifier(model: store.model(name), options: sessionOptions)
        }
        return try WholePhotoClassifiers(organic: load(organicModelName), materials: load(materialsModelName))
    }

    /// Whether any head is installed.
    public var isEmpty: Bool { organic == nil && materials == nil }

    /// The names of the installed heads.
    public var modelNames: [String] {
        [organic, materials].compactMap { $0?.model.name }
    }

    /// The verdict of the installed heads on `image` (upright), or nil when none is installed.
    /// The material is left out when the photo is judged organic.
    ///
    /// - Throws: `ClassificationError.inferenceFailed`.
    public func verdict(on image: RGBImage) throws -> PhotoVerdict? {
        guard !isEmpty else { return nil }
        func judge(_ classifier: ImageClassifier?) throws -> PhotoJudgement? {
            guard let classifier, let best = try classifier.classify(image: image, top: 1).best else { return nil }
            return PhotoJudgement(label: best.label, confidence: Double(best.confidence), model: classifier.model.name)
        }
        let organic = try judge(organic)
        let judgedOrganic = organic?.label == PhotoVerdict.organicLabel
        let material = judgedOrganic ? nil : try judge(materials)
        return PhotoVerdict(organic: organic, material: material)
    }
}
