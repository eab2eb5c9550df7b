// IngredientDetector: "which ingredients are in this photo, and where?" — the installed
// `kitchen-detector` (an object detector whose labels are canonical ingredient names, made by
// `sightline train-detector`) or any injected `ObjectDetector`, with the rule of
// `IngredientIdentification(detections:vocabulary:)`: every ingredient at ≥ 0.8 added, the
// others from 0.3 offered, each with its boxes.
public import Foundation
public import SightlineImaging
public import SightlineVision

/// Finds every ingredient in photos, with boxes.
public struct IngredientDetector: Sendable {
    /// The ingredient detector (labels = canonical names from ingredients.tsv).
    public static let model = AppModel(name: "kitchen-detector", purpose: "ingredient detector")

    public let detector: ObjectDetector
    public let vocabulary: IngredientVocabulary

    /// - Parameter detector: should keep objects down to `IngredientIdentification.offerThreshold`
    ///   (`detectionOptions`), or weaker ingredients cannot be offered.
    public init(detector: ObjectDetector, vocabulary: IngredientVocabulary) {
        self.detector = detector
        self.vocabulary = vocabulary
    }

    /// The detector settings the Kitchen uses: objects down to the offer threshold (0.3), with
    /// the detector's usual overlap suppression.
    public static let detectionOptions = ObjectDetectionOptions(confidenceThreshold: IngredientIdentification.offerThreshold)

    /// A detector over the installed `kitchen-detector` model.
    ///
    /// - Throws: `AppModelError.notInstalled` naming the model and how to install it, or the
    ///   `ObjectDetectionError` of a model that is not a detector Sightline can run.
    public static func installed(vocabulary: IngredientVocabulary, in store: ModelStore = ModelStore(),
                                 options: InferenceOptions = InferenceOptions()) throws -> IngredientDetector {
        IngredientDetector(detector: try model.loadDetector(from: store, options: detectionOptions, inferenceOptions: options),
                           vocabulary: vocabulary)
    }

    /// The size a photo is decoded at, at least: the detector's input (its boxes are kept as
    /// fractions of the photo, so a large JPEG is decoded at a reduced scale).
    public var decodingSize: ImageSize { detector.inputSize }

    /// Finds the ingredients in an encoded photo (JPEG, PNG or WebP, turned upright by its EXIF
    /// orientation).
    ///
    /// - Throws: `ObjectDetectionError.unreadableImage` for a photo that cannot be read (never an
    ///   ingredient), or `.inferenceFailed`.
    public func identify(photo: Data) throws -> IngredientIdentification {
        let image: RGBImage
        do {
            image = try ImageDecoder.decode(data: photo, options: DecodeOptions(maxPixels: detector.maxPixels, targetSize: decodingSize))
        } catch let error as ImagingError {
            throw ObjectDetectionError.unreadableImage(file: nil, reason: error)
        }
        return IngredientIdentification(detections: try detector.detectObjects(in: image), vocabulary: vocabulary)
    }
}
