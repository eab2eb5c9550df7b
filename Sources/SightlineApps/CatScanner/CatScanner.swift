// CatScanner: the Cat Scanner's pipeline as the original app ran it — detect a cat, choose the
// message, run the breed classifier anyway, sort, keep the top three (saving to the history is
// `CatScanArchive`'s job) — over two classifiers: the installed `cat-detector` and `cat-breeds`
// heads, or any `PhotoClassifying` (tests inject fixed outputs).
public import Foundation
public import SightlineVision

/// Scans photos for a cat and its likely breeds. Safe to share between threads.
public struct CatScanner: Sendable {
    /// The cat / not-cat head (labels "cat" and "not cat").
    public static let detectorModel = AppModel(name: "cat-detector", purpose: "cat detector")
    /// The breed head (labels = encyclopaedia names).
    public static let breedModel = AppModel(name: "cat-breeds", purpose: "cat breed classifier")
    /// The detector label whose probability decides "is a cat".
    public static let catLabel = "cat"

    public let detector: any PhotoClassifying
    public let breedClassifier: any PhotoClassifying

    /// A scanner over two classifiers.
    ///
    /// - Throws: `AppModelError.missingLabel` when the detector has no "cat" label.
    public init(detector: any PhotoClassifying, breedClassifier: any PhotoClassifying) throws {
        guard detector.labels.contains(Self.catLabel) else {
            throw AppModelError.missingLabel(model: Self.detectorModel.name, label: Self.catLabel,
                                             labels: detector.labels, installCommand: Self.detectorModel.installCommand)
        }
        self.detector = detector
        self.breedClassifier = breedClassifier
    }

    /// A scanner over the installed `cat-detector` and `cat-breeds` models.
    ///
    /// - Throws: `AppModelError.notInstalled` naming the missing model and how to install it.
    public static func installed(in store: ModelStore = ModelStore(), options: InferenceOptions = InferenceOptions()) throws
        -> CatScanner {
        try CatScanner(detector: detectorModel.loadClassifier(from: store, options: options),
                       breedClassifier: breedModel.loadClassifier(from: store, options: options))
    }

    /// Scans one encoded photo (JPEG, PNG or WebP).
    ///
    /// - Throws: the classifiers' errors (`ClassificationError.unreadableImage` for a photo that
    ///   cannot be decoded).
    public func scan(photo: Data) throws -> CatScanResult {
        let detection = try detector.classify(photo: photo, top: detector.labels.count)
        let catConfidence = detection.first { $0.label == Self.catLabel }.map { Double($0.confidence) } ?? 0
        let breeds = try breedClassifier.classify(photo: photo, top: breedClassifier.labels.count)
        return CatScanResult(catConfidence: catConfidence, breedObservations: breeds, breedRule: breedClassifier.confidenceRule)
    }
}
