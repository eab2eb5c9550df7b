// IngredientIdentifier: "what ingredient is in this photo?" — the installed
// `kitchen-ingredients` head (labels are canonical ingredient names) or any injected
// classifier, with the acceptance rule of `IngredientIdentification`.
public import Foundation
public import SightlineVision

/// Identifies ingredients in photos.
public struct IngredientIdentifier: Sendable {
    /// The ingredient head (labels = canonical names from ingredients.tsv).
    public static let model = AppModel(name: "kitchen-ingredients", purpose: "ingredient classifier")

    public let classifier: any PhotoClassifying
    public let vocabulary: IngredientVocabulary

    public init(classifier: any PhotoClassifying, vocabulary: IngredientVocabulary) {
        self.classifier = classifier
        self.vocabulary = vocabulary
    }

    /// An identifier over the installed `kitchen-ingredients` model.
    ///
    /// - Throws: `AppModelError.notInstalled` naming the model and how to install it.
    public static func installed(vocabulary: IngredientVocabulary, in store: ModelStore = ModelStore(),
                                 options: InferenceOptions = InferenceOptions()) throws -> IngredientIdentifier {
        IngredientIdentifier(classifier: try model.loadClassifier(from: store, options: options), vocabulary: vocabulary)
    }

    /// The ingredients the classifier can recognise, normalised and sorted.
    public var recognisedIngredients: [String] {
        Array(Set(classifier.labels.compactMap(vocabulary.normalisedName))).sorted()
    }

    /// Identifies the ingredient in an encoded photo (JPEG, PNG or WebP).
    ///
    /// - Throws: the classifier's error for a photo that cannot be read (never an ingredient).
    public func identify(photo: Data) throws -> IngredientIdentification {
        // Every class is scored so that labels merging into one name add up before the cut.
        let observations = try classifier.classify(photo: photo, top: classifier.labels.count)
        return IngredientIdentification(observations: observations, vocabulary: vocabulary)
    }
}
