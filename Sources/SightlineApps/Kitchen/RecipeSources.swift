// RecipeSources: which provider answers a Kitchen request — the bundled recipes, or Spoonacular
// when an API key is configured — chosen the same way by the CLI and the web app; recipe ids
// route by their form (numbers are Spoonacular's, slugs are bundled).
import Foundation

/// The bundled recipes and, when configured, Spoonacular.
public struct RecipeSources: Sendable {
    /// Which provider a search should use.
    public enum Choice: String, Sendable, CaseIterable {
        /// Spoonacular when an API key is configured, otherwise the bundled recipes.
        case automatic = "auto"
        case offline
        case spoonacular
    }

    public let offline: OfflineRecipeFinder
    /// Nil when no API key is configured.
    public let online: SpoonacularRecipeProvider?

    public init(knowledge: KitchenKnowledge, spoonacular: SpoonacularClient?) {
        offline = OfflineRecipeFinder(knowledge: knowledge)
        online = spoonacular.map { SpoonacularRecipeProvider(client: $0, vocabulary: knowledge.vocabulary) }
    }

    /// The provider for a search.
    ///
    /// - Throws: `SpoonacularError.missingAPIKey` when Spoonacular is chosen without a key.
    public func searchProvider(_ choice: Choice) throws -> any RecipeProvider {
        switch choice {
        case .automatic: return online ?? offline
        case .offline: return offline
        case .spoonacular:
            guard let online else { throw SpoonacularError.missingAPIKey }
            return online
        }
    }

    /// The recipe with this id: a Spoonacular recipe for a number, a bundled one otherwise.
    ///
    /// - Throws: `KitchenError.unknownRecipe`, `KitchenError.onlineRecipeNeedsAPIKey` for a
    ///   number without a key, or `SpoonacularError`.
    public func recipe(id: String) async throws -> Recipe {
        let trimmed = id.trimmingCharacters(in: .whitespaces)
        if SpoonacularRecipeProvider.spoonacularID(trimmed) != nil {
            guard let online else { throw KitchenError.onlineRecipeNeedsAPIKey(id: trimmed) }
            return try await online.recipe(id: trimmed)
        }
        return try offline.recipe(id: trimmed.lowercased())
    }
}
