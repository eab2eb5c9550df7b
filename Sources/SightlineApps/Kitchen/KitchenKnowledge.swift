// KitchenKnowledge: the Kitchen app's bundled data loaded together — the ingredient vocabulary,
// the ingredient families, the pantry staples and the recipe collection, each checked against
// the vocabulary.
import Foundation

/// Everything the Kitchen app knows offline. Load it once and share it.
public struct KitchenKnowledge: Sendable {
    public let vocabulary: IngredientVocabulary
    public let pantryStaples: PantryStaples
    public let recipes: RecipeCollection
    public let families: IngredientFamilies?

    public init(vocabulary: IngredientVocabulary, pantryStaples: PantryStaples, recipes: RecipeCollection,
                families: IngredientFamilies? = nil) {
        self.vocabulary = vocabulary
        self.pantryStaples = pantryStaples
        self.recipes = recipes
        self.families = families
    }

    /// The data bundled with the apps.
    ///
    /// - Throws: `AppDataError` naming the file that is missing or malformed.
    public static func bundled() throws -> KitchenKnowledge {
        let vocabulary = try IngredientVocabulary.bundled()
        return KitchenKnowledge(vocabulary: vocabulary,
                                pantryStaples: try PantryStaples.bundled(vocabulary: vocabulary),
                                recipes: try RecipeCollection.bundled(vocabulary: vocabulary),
                                families: try IngredientFamilies.bundled(vocabulary: vocabulary))
    }
}
