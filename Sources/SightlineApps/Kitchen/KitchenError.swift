// KitchenError: what the Kitchen app refuses — an unknown recipe, a search without
// ingredients, an online recipe without an API key — each saying what to do.
public import Foundation

/// Why a Kitchen request was refused.
public enum KitchenError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// No recipe has this id.
    case unknownRecipe(id: String)
    /// A search was asked for without any ingredient.
    case noIngredients
    /// A Spoonacular recipe (numeric id) was asked for, but no API key is set.
    case onlineRecipeNeedsAPIKey(id: String)

    public var description: String {
        switch self {
        case let .unknownRecipe(id):
            return "There is no recipe with the id '\(id)'. Search with `sightline kitchen recipes --with …` "
                + "to see recipe ids."
        case .noIngredients:
            return "There are no ingredients to search with: add some to the list with `sightline kitchen add …` "
                + "or give them with --with a,b."
        case let .onlineRecipeNeedsAPIKey(id):
            return "'\(id)' is a Spoonacular recipe id; set \(SpoonacularClient.apiKeyEnvironmentVariable) "
                + "to fetch it, or use an id of the bundled recipes."
        }
    }

    public var errorDescription: String? { description }
}
