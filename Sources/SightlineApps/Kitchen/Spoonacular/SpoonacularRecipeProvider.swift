// SpoonacularRecipeProvider: the optional online recipes — the same search by ingredients and
// recipe details as the bundled collection, answered by Spoonacular (findByIngredients, then
// each result's information for its time and diets), with names normalised through the
// ingredient vocabulary and HTML stripped from texts.
import Foundation

/// Recipes from Spoonacular. Ids are Spoonacular's recipe numbers as text.
public struct SpoonacularRecipeProvider: RecipeProvider {
    public let client: SpoonacularClient
    public let vocabulary: IngredientVocabulary

    public init(client: SpoonacularClient, vocabulary: IngredientVocabulary) {
        self.client = client
        self.vocabulary = vocabulary
    }

    /// The Spoonacular recipe number `id` stands for, or nil when it is not a positive integer.
    public static func spoonacularID(_ id: String) -> Int? {
        guard !id.isEmpty, id.allSatisfy(\.isASCII), let number = Int(id), number > 0 else { return nil }
        return number
    }

    /// Spoonacular's search in the request's ranking. Its pantry handling is Spoonacular's own
    /// (`ignorePantry`). Each result's information is fetched (in parallel) for its time and
    /// diets, which the filters need; with a filter, three times `limit` recipes are asked for
    /// (at most 100) so enough remain. Results without an id are skipped.
    public func findRecipes(_ request: RecipeSearchRequest) async throws -> [RecipeMatch] {
        var ingredients: [String] = []
        for name in request.ingredients.compactMap(vocabulary.normalisedName) where !ingredients.contains(name) {
            ingredients.append(name)
        }
        guard !ingredients.isEmpty else { return [] }
        let filtering = !request.diets.isEmpty || request.maxReadyInMinutes != nil
        let limit = request.limit > 0 ? request.limit : 100
        let found = try await client.findByIngredients(ingredients, number: filtering ? min(100, limit * 3) : limit,
                                                       ranking: request.ranking, ignorePantry: request.ignorePantryStaples)
            .filter { $0.id != nil }
        let details = try await information(for: found.compactMap(\.id))
        var matches: [RecipeMatch] = []
        for (recipe, information) in zip(found, details) {
            let id = recipe.id!
            guard request.passesFilters(diets: information.diets, readyInMinutes: information.readyInMinutes) else { continue }
            matches.append(RecipeMatch(
                id: String(id), title: Self.title(recipe.title ?? information.title, id: id),
                used: names(recipe.usedIngredients), missing: names(recipe.missedIngredients),
                readyInMinutes: information.readyInMinutes, diets: information.diets))
        }
        return Array(matches.prefix(limit))
    }

    /// The Spoonacular recipe with this numeric id.
    ///
    /// - Throws: `KitchenError.unknownRecipe` for an id that is not a positive number or that
    ///   Spoonacular does not know, otherwise `SpoonacularError`.
    public func recipe(id: String) async throws -> Recipe {
        guard let number = Self.spoonacularID(id) else { throw KitchenError.unknownRecipe(id: id) }
        do {
            return recipe(from: try await client.recipeInformation(id: number), id: number)
        } catch SpoonacularError.notFound {
            throw KitchenError.unknownRecipe(id: id)
        }
    }

    /// A recipe from Spoonacular's information: summary and steps as plain text, ingredient
    /// names normalised, the first cuisine and dish type.
    public func recipe(from information: SpoonacularRecipeInformation, id: Int) -> Recipe {
        let ingredients = (information.extendedIngredients ?? []).compactMap { ingredient -> RecipeIngredient? in
            guard let name = ingredient.name.flatMap(vocabulary.normalisedName) else { return nil }
            return RecipeIngredient(name: name, amount: ingredient.amount, unit: ingredient.unit ?? "",
                                    preparation: "")
        }
        let summary = information.summary.map(HTMLText.plainText)
        return Recipe(id: String(id), title: Self.title(information.title, id: id),
                      cuisine: information.cuisines?.first, course: information.dishTypes?.first,
                      servings: information.servings, readyInMinutes: information.readyInMinutes,
                      diets: information.diets, summary: summary?.isEmpty == false ? summary : nil,
                      ingredients: ingredients, steps: information.plainSteps, sourceURL: information.sourceUrl)
    }

    /// The information of every id, in order, fetched concurrently.
    private func information(for ids: [Int]) async throws -> [SpoonacularRecipeInformation] {
        try await withThrowingTaskGroup(of: (Int, SpoonacularRecipeInformation).self) { group in
            for (position, id) in ids.enumerated() {
                group.addTask { (position, try await client.recipeInformation(id: id)) }
            }
            var results = [SpoonacularRecipeInformation?](repeating: nil, count: ids.count)
            for try await (position, information) in group {
                results[position] = information
            }
            return results.compactMap { $0 }
        }
    }

    /// Normalised distinct names, in order.
    private func names(_ ingredients: [SpoonacularIngredient]?) -> [String] {
        var names: [String] = []
        for name in (ingredients ?? []).compactMap({ $0.name.flatMap(vocabulary.normalisedName) })
            where !names.contains(name) {
            names.append(name)
        }
        return names
    }

    private static func title(_ title: String?, id: Int) -> String {
        let text = title.map(HTMLText.plainText) ?? ""
        return text.isEmpty ? "Spoonacular recipe \(id)" : text
    }
}
