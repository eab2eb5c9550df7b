// Recipe: one recipe — from the bundled collection (Resources/kitchen/recipes.json) or from the
// online provider — with its time, servings, diets, ingredients with amounts and steps. The
// fields an online recipe may lack are optional; encodes with the collection's keys.
import Foundation

/// A recipe. A step's number is its position in `steps`, starting at 1.
public struct Recipe: Codable, Sendable, Hashable, Identifiable {
    /// A lowercase slug for bundled recipes ("borscht"); the numeric id for Spoonacular recipes.
    public var id: String
    public var title: String
    /// "Ukrainian", "German", …; nil when the source does not say.
    public var cuisine: String?
    /// breakfast, soup, salad, main, side, snack, baking, dessert or drink; nil when unknown.
    public var course: String?
    public var servings: Int?
    /// Total time in minutes, including resting and rising; nil when unknown.
    public var readyInMinutes: Int?
    /// The diets it suits, in `Diet` order.
    public var diets: [Diet]
    public var summary: String?
    public var ingredients: [RecipeIngredient]
    public var steps: [String]
    /// Where an online recipe comes from; nil for bundled recipes.
    public var sourceURL: String?

    public init(id: String, title: String, cuisine: String? = nil, course: String? = nil, servings: Int? = nil,
                readyInMinutes: Int? = nil, diets: [Diet] = [], summary: String? = nil,
                ingredients: [RecipeIngredient], steps: [String], sourceURL: String? = nil) {
        self.id = id
        self.title = title
        self.cuisine = cuisine
        self.course = course
        self.servings = servings
        self.readyInMinutes = readyInMinutes
        self.diets = diets
        self.summary = summary
        self.ingredients = ingredients
        self.steps = steps
        self.sourceURL = sourceURL
    }

    /// The distinct ingredient names, in recipe order.
    public var ingredientNames: [String] {
        var seen: Set<String> = []
        return ingredients.map(\.name).filter { seen.insert($0).inserted }
    }

    /// The steps numbered from 1: "1. Mash the avocado…".
    public var numberedSteps: [String] {
        steps.enumerated().map { "\($0.offset + 1). \($0.element)" }
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, cuisine, course, servings
        case readyInMinutes = "ready_in_minutes"
        case diets, summary, ingredients, steps
        case sourceURL = "source_url"
    }
}
