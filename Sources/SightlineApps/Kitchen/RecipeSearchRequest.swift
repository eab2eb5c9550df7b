// RecipeSearchRequest: what a search by ingredients asks for — the ingredients at hand, the
// ranking, whether to ignore pantry staples, diet and time filters and how many results.

/// A search for recipes that use the given ingredients.
public struct RecipeSearchRequest: Sendable, Hashable {
    /// The ingredients at hand, as typed or as on the list; providers normalise them.
    public var ingredients: [String]
    public var ranking: RecipeRanking
    /// Leave salt, pepper, oil, water, sugar and flour out of "used" and "missing".
    public var ignorePantryStaples: Bool
    /// Every result suits all of these diets.
    public var diets: Set<Diet>
    /// Every result is ready in at most this many minutes; nil for any time.
    public var maxReadyInMinutes: Int?
    /// At most this many results (Spoonacular's default is 10).
    public var limit: Int

    public init(ingredients: [String], ranking: RecipeRanking = .mostUsed, ignorePantryStaples: Bool = false,
                diets: Set<Diet> = [], maxReadyInMinutes: Int? = nil, limit: Int = 10) {
        self.ingredients = ingredients
        self.ranking = ranking
        self.ignorePantryStaples = ignorePantryStaples
        self.diets = diets
        self.maxReadyInMinutes = maxReadyInMinutes
        self.limit = limit
    }

    /// Whether a recipe with these properties passes the diet and time filters. A recipe whose
    /// time is unknown fails a time limit.
    public func passesFilters(diets recipeDiets: [Diet], readyInMinutes: Int?) -> Bool {
        guard diets.isSubset(of: recipeDiets) else { return false }
        if let maxReadyInMinutes {
            guard let readyInMinutes, readyInMinutes <= maxReadyInMinutes else { return false }
        }
        return true
    }
}
