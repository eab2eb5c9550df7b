// RecipeJSON: the Kitchen's recipes as JSON — the matches for some ingredients
// (`{"recipes": [match…]}`), one recipe with whether it is a favourite and which of its
// ingredients are on the list, and the favourites — as `/api/v1/kitchen/…` answers and the
// `kitchen` commands print them with --json.
public import SightlineApps

/// `{"recipes": [match…]}`: in the asked ranking's order.
public struct RecipeMatchesJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "RecipeMatches" }

    public var recipes: [RecipeMatch]

    public init(_ recipes: [RecipeMatch]) {
        self.recipes = recipes
    }
}

/// The recipe's own members (those its source does not know are absent), then "favourite" and
/// "have": the ingredient-list names it uses.
public struct RecipeJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "Recipe" }

    public var recipe: Recipe
    public var favourite: Bool
    public var have: [String]

    public init(_ recipe: Recipe, favourite: Bool, ingredientList: Set<String>) {
        self.recipe = recipe
        self.favourite = favourite
        have = recipe.ingredients.map(\.name).filter(ingredientList.contains)
    }

    private enum CodingKeys: String, CodingKey { case favourite, have }

    public func encode(to encoder: any Encoder) throws {
        try recipe.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(favourite, forKey: .favourite)
        try container.encode(have, forKey: .have)
    }
}

/// `{"favourites": [{"id", "title"}]}`: "title" null for an online recipe.
public struct RecipeFavouritesJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "RecipeFavourites" }

    public struct Favourite: Encodable, Sendable {
        public var id: String
        @Nullable public var title: String?
    }

    public var favourites: [Favourite]

    /// The favourite recipe ids with the titles `title(id)` finds.
    public init(ids: [String], title: (String) -> String?) {
        favourites = ids.map { Favourite(id: $0, title: title($0)) }
    }
}
