// ObjectRecognizer: the Object Recognizer app's request — classify a frame or photo with a
// 1000-class ImageNet model (top-1 always, top-5 for the list view), put the label in its broad
// category and, for a taken photo, scan it for faces.
public import Foundation
public import SightlineImaging
public import SightlineVision

/// Recognises the main object of a frame or photo. Create it once and reuse it: loading compiles
/// the models. Safe to use from several threads at once.
///
///     let recognizer = try ObjectRecognizer(scanningFaces: true)
///     let result = try recognizer.recognize(photo, scanFaces: true)
///     result.caption                     // "banana, 97.1%"
///     result.category.name.text(in: .german)   // "Obst und Gemüse"
public final class ObjectRecognizer: Sendable {
    /// The model used when none is named: EfficientNet-Lite0.
    public static let defaultModelName = "lite0"
    /// How many classes the top-5 view lists.
    public static let rankedCount = 5

    public let classifier: ImageClassifier
    public let categories: ObjectCategories
    /// Nil when the recognizer was loaded without face scanning.
    public let faceDetector: FaceDetector?

    /// Uses `classifier`, whose labels must be the category table's 1000 classes in order.
    ///
    /// - Throws: `ObjectRecognizerError.modelDoesNotMatchCategories`.
    public init(classifier: ImageClassifier, categories: ObjectCategories, faceDetector: FaceDetector? = nil) throws {
        let labels = classifier.model.manifest.labels
        guard labels.count == categories.classLabels.count else {
            throw ObjectRecognizerError.modelDoesNotMatchCategories(model: classifier.model.name, reason:
                "it has \(labels.count) class labels, the categories cover \(categories.classLabels.count)")
        }
        if let index = labels.indices.first(where: { labels[$0] != categories.classLabels[$0] }) {
            throw ObjectRecognizerError.modelDoesNotMatchCategories(model: classifier.model.name, reason:
                "its class \(index) is '\(labels[index])' but the categories have '\(categories.classLabels[index])' there")
        }
        self.classifier = classifier
        self.categories = categories
        self.faceDetector = faceDetector
    }

    /// Loads the installed `model` (default lite0) and, with `scanningFaces`, the MTCNN face
    /// detector, from `store`, with the bundled categories.
    ///
    /// - Throws: `ModelStoreError.notInstalled` naming what to install, `ClassificationError`,
    ///   `ObjectRecognizerError` or `AppDataError`.
    public convenience init(model: String = ObjectRecognizer.defaultModelName, scanningFaces: Bool = false,
                            store: ModelStore = ModelStore(), inferenceOptions: InferenceOptions = InferenceOptions()) throws {
        let classifier = try ImageClassifier(model: store.model(model), options: inferenceOptions)
        let faceDetector = scanningFaces ? try FaceDetector(inferenceOptions: inferenceOptions, store: store) : nil
        try self.init(classifier: classifier, categories: ObjectCategories.bundled(), faceDetector: faceDetector)
    }

    /// The size a photo needs to be decoded at, at least, for `recognize(_:fullSize:)`: the face
    /// search's largest side on both axes (the classifier needs far less); nil when the face
    /// search takes the whole photo. A large JPEG decoded at a reduced scale for it (see
    /// `DecodeOptions.targetSize`) takes a fraction of the memory of the whole photo.
    public var decodingSize: ImageSize? {
        let side = faceDetector.map { $0.options.largestSide } ?? FaceDetectionOptions().largestSide
        return side.map { ImageSize(width: $0, height: $0) }
    }

    /// Recognises the object in a decoded, upright image: the top-1 label always (no
    /// threshold), the `ranked` most likely classes and, with `scanFaces`, the faces — in the
    /// pixels of a photo of `fullSize` when `image` is that photo decoded at a reduced scale.
    ///
    /// - Throws: `ClassificationError.inferenceFailed`, `FaceDetectionError`, or
    ///   `ObjectRecognizerError.faceScanUnavailable` when faces are asked for but not loaded.
    public func recognize(_ image: RGBImage, fullSize: ImageSize? = nil, ranked: Int = ObjectRecognizer.rankedCount,
                          scanFaces: Bool = false) throws -> ObjectRecognition {
        let result = try classifier.classify(image: image, top: max(ranked, 1))
        let faceScan = scanFaces ? try self.scanFaces(in: image, fullSize: fullSize) : nil
        return try recognition(from: result, faceScan: faceScan)
    }

    /// Recognises the object in encoded image data (JPEG, PNG or WebP), as `recognize(_:)`
    /// does; the decoded, upright photo is returned too, for drawing a capture.
    ///
    /// - Throws: `ClassificationError.unreadableImage` for data that is not a readable image.
    public func recognize(data: Data, ranked: Int = ObjectRecognizer.rankedCount,
                          scanFaces: Bool = false) throws -> (photo: RGBImage, recognition: ObjectRecognition) {
        let photo: RGBImage
        do {
            photo = try ImageDecoder.decode(data: data, options: DecodeOptions(maxPixels: classifier.maxPixels))
        } catch let error as ImagingError {
            throw ClassificationError.unreadableImage(file: nil, reason: error)
        }
        return (photo, try recognize(photo, ranked: ranked, scanFaces: scanFaces))
    }

    /// Scans a taken photo (decoded, upright) for faces, given in the pixels of a photo of
    /// `fullSize` when `image` is that photo decoded at a reduced scale.
    ///
    /// - Throws: `ObjectRecognizerError.faceScanUnavailable` without a face detector, or
    ///   `FaceDetectionError.inferenceFailed`.
    public func scanFaces(in image: RGBImage, fullSize: ImageSize? = nil) throws -> FaceScan {
        guard let faceDetector else { throw ObjectRecognizerError.faceScanUnavailable }
        return FaceScan(faces: try faceDetector.detectFaces(in: image, fullSize: fullSize ?? image.size))
    }

    private func recognition(from result: ClassificationResult, faceScan: FaceScan?) throws -> ObjectRecognition {
        guard let best = result.best, let category = categories.category(ofClass: best.index) else {
            throw ObjectRecognizerError.modelDoesNotMatchCategories(model: classifier.model.name, reason:
                "it returned no class the categories know")
        }
        return ObjectRecognition(best: best, ranked: result.observations,
                                 rankedNames: categories.names(of: result.observations),
                                 category: category, rule: classifier.confidenceRule, faceScan: faceScan)
    }
}
