// ForeignObjectVerifier: WasteGuard's second opinion on the waste detector's foreign-object
// boxes — the installed `waste-verifier`, a classifier trained with `sightline train` on boxes cut
// out of the detector's own training photos (scripts/compose_verifier_crops.py): the labelled
// foreign objects ("foreign") against the detector's false boxes, the labelled organic objects and
// plain background ("not-foreign").
//
// A detector alone cannot be both sensitive and quiet on organic waste: its false boxes on
// peelings and leaves score as high as many real objects (0.40–0.64). With the verifier, the
// detector runs at a lower threshold (`DetectorWasteRecognizer.verifiedDetectorThreshold`) and
// every foreign box it reports is cut out with `ForeignMatterSearch.boxMargin` and judged; a
// box below `acceptance` is dropped. What a dropped box covered is still searched by the
// whole-photo heads (`ForeignMatterSearch`), so dropping it never ends the search.
public import SightlineImaging
public import SightlineVision

/// Judges whether boxes cut out of a photo show foreign matter.
public struct ForeignObjectVerifier: Sendable {
    /// The installed model name.
    public static let modelName = "waste-verifier"
    public static let foreignLabel = "foreign"
    public static let notForeignLabel = "not-foreign"
    /// The P(foreign) a detector box needs to stay: about 90 % of the labelled foreign objects of
    /// the detector's validation photos reach it (the set-up prints the share,
    /// Models/heads/DETECTORS.md records it).
    public static let acceptance = 0.3

    public let classifier: ImageClassifier
    let foreignIndex: Int

    /// - Throws: `WasteGuardError.incompatibleModel` when the model's labels are not exactly
    ///   "foreign" and "not-foreign".
    public init(classifier: ImageClassifier) throws {
        let labels = classifier.model.manifest.labels
        guard Set(labels) == [Self.foreignLabel, Self.notForeignLabel], labels.count == 2,
              let foreignIndex = labels.firstIndex(of: Self.foreignLabel) else {
            throw WasteGuardError.incompatibleModel(model: classifier.model.name, reason:
                "a box verifier needs exactly the labels '\(Self.foreignLabel)' and '\(Self.notForeignLabel)', "
                + "it has \(labels.joined(separator: ", "))")
        }
        self.classifier = classifier
        self.foreignIndex = foreignIndex
    }

    /// The model's name.
    public var modelName: String { classifier.model.name }

    /// P(foreign) of each of `boxes` (pixels of `image`, upright), cut out with
    /// `ForeignMatterSearch.boxMargin`; all boxes run through the model as one batch.
    ///
    /// - Throws: `ClassificationError.inferenceFailed`.
    public func foreignProbabilities(of boxes: [PixelRect], in image: RGBImage) throws -> [Double] {
        let crops = boxes.map { ForeignMatterSearch.crop($0, margin: ForeignMatterSearch.boxMargin, of: image) }
        return try classifier.classify(images: crops, top: classifier.model.manifest.labels.count).map { result in
            Double(result.observations.first { $0.index == foreignIndex }?.confidence ?? 0)
        }
    }
}
