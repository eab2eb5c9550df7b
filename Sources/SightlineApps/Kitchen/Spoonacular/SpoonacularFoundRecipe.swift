// SpoonacularFoundRecipe: one element of the array `GET /recipes/findByIngredients` answers —
// the recipe's id and title and which ingredients it uses and misses — every field optional.
import Foundation

/// A recipe found by Spoonacular's search by ingredients.
public struct SpoonacularFoundRecipe: Decodable, Sendable, Hashable {
    public var id: Int?
    public var title: String?
    public var image: String?
    public var usedIngredientCount: Int?
    public var missedIngredientCount: Int?
    public var usedIngredients: [SpoonacularIngredient]?
    public var missedIngredients: [SpoonacularIngredient]?
    public var unusedIngredients: [SpoonacularIngredient]?
    public var likes: Int?

    private enum CodingKeys: String, CodingKey {
        case id, title, image, usedIngredientCount, missedIngredientCount, usedIngredients, missedIngredients
        case unusedIngredients, likes
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = container.lenientValue(Int.self, forKey: .id)
        title = container.lenientValue(String.self, forKey: .title)
        image = container.lenientValue(String.self, forKey: .image)
        usedIngredientCount = container.lenientValue(Int.self, forKey: .usedIngredientCount)
        missedIngredientCount = container.lenientValue(Int.self, forKey: .missedIngredientCount)
        usedIngredients = container.lenientValue([SpoonacularIngredient].self, forKey: .usedIngredients)
        missedIngredients = container.lenientValue([SpoonacularIngredient].self, forKey: .missedIngredients)
        unusedIngredients = container.lenientValue([SpoonacularIngredient].self, forKey: .unusedIngredients)
        likes = container.lenientValue(Int.self, forKey: .likes)
    }
}
