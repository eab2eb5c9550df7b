// OfflineRecipeFinder: the search by ingredients over the bundled recipes — which ingredients
// each recipe uses and lacks (a family counting for its members and back: pasta for spaghetti),
// pantry staples left out on request, the two rankings, the diet and time filters — and recipe
// lookup by id. No network.
import Foundation

/// Searches the bundled recipe collection.
public struct OfflineRecipeFinder: RecipeProvider {
    public let collection: RecipeCollection
    public let vocabulary: IngredientVocabulary
    public let pantryStaples: PantryStaples
    public let families: IngredientFamilies?

    public init(collection: RecipeCollection, vocabulary: IngredientVocabulary, pantryStaples: PantryStaples,
                families: IngredientFamilies? = nil) {
        self.collection = collection
        self.vocabulary = vocabulary
        self.pantryStaples = pantryStaples
        self.families = families
    }

    /// The bundled collection, vocabulary, staples and families.
    public init(knowledge: KitchenKnowledge) {
        self.init(collection: knowledge.recipes, vocabulary: knowledge.vocabulary, pantryStaples: knowledge.pantryStaples,
                  families: knowledge.families)
    }

    /// Recipes that use at least one of the request's ingredients (normalised through the
    /// vocabulary, so "eggs" finds recipes with "egg"; an ambiguous word such as "pepper" counts
    /// as each of its meanings; a family name counts for its members and a member for its
    /// family, so "pasta" finds recipes with spaghetti):
    /// - "used" are the recipe's distinct ingredients on the user's list, "missing" the others,
    ///   both in recipe order;
    /// - with `ignorePantryStaples`, staples count as neither (without it a staple the user
    ///   did not list is missing, as on Spoonacular);
    /// - ordered by `request.ranking` (ties: see `RecipeRanking`, then title, then id);
    /// - filtered by diets and time, then cut to `request.limit` (no cut when it is 0 or less).
    public func search(_ request: RecipeSearchRequest) -> [RecipeMatch] {
        let listed = Set(request.ingredients.flatMap { text in
            vocabulary.meanings(of: text) ?? vocabulary.normalisedName(text).map { [$0] } ?? []
        })
        guard !listed.isEmpty else { return [] }
        let have = families?.expanding(listed) ?? listed
        var matches: [RecipeMatch] = []
        for recipe in collection.recipes where request.passesFilters(diets: recipe.diets, readyInMinutes: recipe.readyInMinutes) {
            let counted = recipe.ingredientNames.filter { !(request.ignorePantryStaples && pantryStaples.contains($0)) }
            let used = counted.filter(have.contains)
            guard !used.isEmpty else { continue }
            matches.append(RecipeMatch(id: recipe.id, title: recipe.title, used: used,
                                       missing: counted.filter { !have.contains($0) },
                                       readyInMinutes: recipe.readyInMinutes, diets: recipe.diets))
        }
        matches.sort { left, right in
            if let order = request.ranking.precedes((left.used.count, left.missing.count),
                                                    (right.used.count, right.missing.count)) {
                return order
            }
            return left.title != right.title ? left.title < right.title : left.id < right.id
        }
        return request.limit > 0 ? Array(matches.prefix(request.limit)) : matches
    }

    public func findRecipes(_ request: RecipeSearchRequest) async throws -> [RecipeMatch] {
        search(request)
    }

    /// The bundled recipe with this id.
    ///
    /// - Throws: `KitchenError.unknownRecipe`.
    public func recipe(id: String) throws -> Recipe {
        guard let recipe = collection.recipe(id: id) else {
            throw KitchenError.unknownRecipe(id: id)
        }
        return recipe
    }
}
