// WasteRecognizer: the recogniser WasteGuard runs — the installed waste detector, or the
// ImageNet route — each followed by the foreign-matter search of the installed whole-photo heads,
// loaded from a `WasteModelSelection`.
public import SightlineImaging
public import SightlineVision

/// The loaded recogniser of one WasteGuard.
public enum WasteRecognizer: Sendable {
    case detector(DetectorWasteRecognizer)
    case imageNet(ImageNetWasteRecognizer)

    /// Loads the models `selection` names.
    ///
    /// - Throws: `ObjectDetectionError`, `ClassificationError`, `LocalizationError` when a model
    ///   cannot be loaded, or `WasteGuardError.incompatibleModel`.
    public static func load(_ selection: WasteModelSelection, knowledge: WasteKnowledge, materials: WasteMaterials,
                            inferenceOptions: InferenceOptions = InferenceOptions()) throws -> WasteRecognizer {
        func load(_ model: InstalledModel?) throws -> ImageClassifier? {
            try model.map { try ImageClassifier(model: $0, options: inferenceOptions) }
        }
        let heads: WholePhotoClassifiers
        switch selection {
        case let .detector(_, organicHead, materialsHead, _), let .imageNet(_, organicHead, materialsHead):
            heads = try WholePhotoClassifiers(organic: load(organicHead), materials: load(materialsHead))
        }
        let search = ForeignMatterSearch(heads: heads, knowledge: knowledge, materials: materials)
        switch selection {
        case let .detector(model, _, _, verifierModel):
            let verifier = try load(verifierModel).map(ForeignObjectVerifier.init(classifier:))
            return .detector(try DetectorWasteRecognizer(
                detector: ObjectDetector(model: model, options: ObjectDetectionOptions(
                    confidenceThreshold: DetectorWasteRecognizer.confidenceThreshold(for: model, verified: verifier != nil)),
                    inferenceOptions: inferenceOptions),
                verifier: verifier, organicThreshold: DetectorWasteRecognizer.confidenceThreshold(for: model, verified: false),
                knowledge: knowledge, search: search))
        case .imageNet(let classifier, _, _):
            let mapper = try ClassActivationMapper(classifier: ImageClassifier(model: classifier, options: inferenceOptions))
            return .imageNet(ImageNetWasteRecognizer(mapper: mapper, knowledge: knowledge, search: search))
        }
    }

    /// The WasteGuard classes this recogniser can find, in WasteGuard's order.
    public var recognisedClasses: [WasteClass] {
        switch self {
        case .detector(let recognizer): recognizer.recognisedClasses
        case .imageNet(let recognizer): recognizer.recognisedClasses
        }
    }

    /// Everything found in `image` (upright).
    public func findings(in image: RGBImage) throws -> WasteFindings {
        switch self {
        case .detector(let recognizer): try recognizer.findings(in: image)
        case .imageNet(let recognizer): try recognizer.findings(in: image)
        }
    }
}
