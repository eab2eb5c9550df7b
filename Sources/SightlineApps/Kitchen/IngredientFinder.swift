// IngredientFinder: what the Kitchen looks at photos with — the ingredient detector when
// `kitchen-detector` is installed (every ingredient in the photo, with boxes), otherwise the
// ingredient classifier `kitchen-ingredients` (one ingredient per photo), decided from the
// installed models alone.
public import Foundation
public import SightlineVision

/// The Kitchen's way of identifying ingredients in photos.
public enum IngredientFinder: Sendable {
    case detector(IngredientDetector)
    case classifier(IngredientIdentifier)

    /// The model the Kitchen uses for photos: the detector when it is installed, else the
    /// classifier (installed or not). Reads only the manifests.
    ///
    /// - Throws: `ModelStoreError` for an unreadable model store.
    public static func model(in store: ModelStore) throws -> AppModel {
        try IngredientDetector.model.installedModel(in: store) != nil ? IngredientDetector.model : IngredientIdentifier.model
    }

    /// Loads the installed detector, or else the installed classifier.
    ///
    /// - Throws: `AppModelError.notInstalled` naming the classifier when neither is installed, or
    ///   the error of a model that cannot be used.
    public static func installed(vocabulary: IngredientVocabulary, in store: ModelStore = ModelStore(),
                                 options: InferenceOptions = InferenceOptions()) throws -> IngredientFinder {
        if try model(in: store) == IngredientDetector.model {
            return .detector(try IngredientDetector.installed(vocabulary: vocabulary, in: store, options: options))
        }
        return .classifier(try IngredientIdentifier.installed(vocabulary: vocabulary, in: store, options: options))
    }

    /// Identifies the ingredients in an encoded photo (JPEG, PNG or WebP).
    ///
    /// - Throws: the model's error for a photo that cannot be read (never an ingredient).
    public func identify(photo: Data) throws -> IngredientIdentification {
        switch self {
        case .detector(let detector): try detector.identify(photo: photo)
        case .classifier(let identifier): try identifier.identify(photo: photo)
        }
    }
}
