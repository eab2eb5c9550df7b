// RecipeMatch: one result of a search by ingredients — the recipe, which of the user's
// ingredients it uses and which it still needs ("With additional: …"), its time and diets.
// Encodes as {"id", "title", "used", "missing", "ready_in_minutes", "diets"}.
import Foundation

/// A recipe found by ingredients.
public struct RecipeMatch: Encodable, Sendable, Hashable, Identifiable {
    public var id: String
    public var title: String
    /// The user's ingredients the recipe uses, in recipe order.
    public var used: [String]
    /// The recipe's ingredients the user lacks, in recipe order.
    public var missing: [String]
    /// Nil when the source does not say.
    public var readyInMinutes: Int?
    public var diets: [Diet]

    public init(id: String, title: String, used: [String], missing: [String], readyInMinutes: Int?, diets: [Diet]) {
        self.id = id
        self.title = title
        self.used = used
        self.missing = missing
        self.readyInMinutes = readyInMinutes
        self.diets = diets
    }

    /// The original app's line under each result: "With additional: garlic, onion", or
    /// "With additional: nothing" when every ingredient is at hand.
    public var additionalIngredientsText: String {
        "With additional: " + (missing.isEmpty ? "nothing" : missing.joined(separator: ", "))
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, used, missing
        case readyInMinutes = "ready_in_minutes"
        case diets
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(used, forKey: .used)
        try container.encode(missing, forKey: .missing)
        try container.encode(readyInMinutes, forKey: .readyInMinutes)
        try container.encode(diets, forKey: .diets)
    }
}
