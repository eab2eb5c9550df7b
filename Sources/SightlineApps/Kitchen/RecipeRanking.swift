// RecipeRanking: the two orders of a search by ingredients, as Spoonacular's findByIngredients
// offered them to the original app — use as many of mine (ranking=1) or fewest missing
// (ranking=2) — with the tie-breaks that make the order total.

/// How recipes found by ingredients are ordered.
public enum RecipeRanking: String, Sendable, Codable, CaseIterable {
    /// Spoonacular's ranking=1, "maximise used ingredients": most of the user's ingredients used
    /// first; ties by fewer missing ingredients, then title, then id.
    case mostUsed = "most-used"
    /// Spoonacular's ranking=2, "minimise missing ingredients": fewest missing ingredients
    /// first; ties by more of the user's ingredients used, then title, then id.
    case fewestMissing = "fewest-missing"

    /// The value of Spoonacular's `ranking` parameter.
    public var spoonacularValue: Int {
        switch self {
        case .mostUsed: 1
        case .fewestMissing: 2
        }
    }

    /// Whether a recipe using `left.used` of the user's ingredients and lacking `left.missing`
    /// comes before one with `right`'s counts; nil when the counts tie.
    public func precedes(_ left: (used: Int, missing: Int), _ right: (used: Int, missing: Int)) -> Bool? {
        switch self {
        case .mostUsed:
            if left.used != right.used { return left.used > right.used }
            if left.missing != right.missing { return left.missing < right.missing }
        case .fewestMissing:
            if left.missing != right.missing { return left.missing < right.missing }
            if left.used != right.used { return left.used > right.used }
        }
        return nil
    }
}
