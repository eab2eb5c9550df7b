// SpoonacularIngredient: an ingredient as Spoonacular's answers describe it (in the used and
// missed lists of findByIngredients and the extendedIngredients of recipe information), every
// field optional.
import Foundation

/// An ingredient in a Spoonacular answer.
public struct SpoonacularIngredient: Decodable, Sendable, Hashable {
    public var id: Int?
    /// "eggs", "red bell pepper".
    public var name: String?
    public var amount: Double?
    /// "g", "cups", "" …
    public var unit: String?
    /// The line as the recipe wrote it ("2 large eggs, beaten").
    public var original: String?
    public var aisle: String?

    private enum CodingKeys: String, CodingKey {
        case id, name, amount, unit, original, aisle
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = container.lenientValue(Int.self, forKey: .id)
        name = container.lenientValue(String.self, forKey: .name)
        amount = container.lenientValue(Double.self, forKey: .amount)
        unit = container.lenientValue(String.self, forKey: .unit)
        original = container.lenientValue(String.self, forKey: .original)
        aisle = container.lenientValue(String.self, forKey: .aisle)
    }
}
