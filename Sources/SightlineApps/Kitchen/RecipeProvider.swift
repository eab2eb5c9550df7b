// RecipeProvider: where recipes come from — the bundled collection (`OfflineRecipeFinder`) or
// Spoonacular (`SpoonacularRecipeProvider`) — behind one interface, so the CLI and the web
// app search and show recipes the same way whichever is used.

/// Finds recipes by ingredients and fetches one recipe's details.
public protocol RecipeProvider: Sendable {
    /// Recipes using at least one of the request's ingredients, in the request's ranking,
    /// filtered by its diets and time, at most `request.limit`.
    func findRecipes(_ request: RecipeSearchRequest) async throws -> [RecipeMatch]

    /// The recipe with this id.
    ///
    /// - Throws: `KitchenError.unknownRecipe` when there is none.
    func recipe(id: String) async throws -> Recipe
}
