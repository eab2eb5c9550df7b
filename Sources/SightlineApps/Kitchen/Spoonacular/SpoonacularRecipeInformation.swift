// SpoonacularRecipeInformation: the answer of `GET /recipes/{id}/information` — time, servings,
// diet flags, ingredients with amounts and the instructions (HTML text and/or analysed steps) —
// every field optional.
import Foundation

/// A recipe's details as Spoonacular gives them.
public struct SpoonacularRecipeInformation: Decodable, Sendable, Hashable {
    /// One numbered step of the analysed instructions.
    public struct Step: Decodable, Sendable, Hashable {
        public var number: Int?
        public var step: String?

        private enum CodingKeys: String, CodingKey { case number, step }

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            number = container.lenientValue(Int.self, forKey: .number)
            step = container.lenientValue(String.self, forKey: .step)
        }
    }

    /// A named part of the analysed instructions ("For the sauce").
    public struct InstructionSection: Decodable, Sendable, Hashable {
        public var name: String?
        public var steps: [Step]?

        private enum CodingKeys: String, CodingKey { case name, steps }

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = container.lenientValue(String.self, forKey: .name)
            steps = container.lenientValue([Step].self, forKey: .steps)
        }
    }

    public var id: Int?
    public var title: String?
    public var readyInMinutes: Int?
    public var servings: Int?
    public var sourceUrl: String?
    public var image: String?
    public var vegetarian: Bool?
    public var vegan: Bool?
    public var glutenFree: Bool?
    public var dairyFree: Bool?
    public var cuisines: [String]?
    public var dishTypes: [String]?
    /// HTML.
    public var summary: String?
    /// HTML or plain text with one step per line.
    public var instructions: String?
    public var analyzedInstructions: [InstructionSection]?
    public var extendedIngredients: [SpoonacularIngredient]?

    private enum CodingKeys: String, CodingKey {
        case id, title, readyInMinutes, servings, sourceUrl, image, vegetarian, vegan, glutenFree, dairyFree
        case cuisines, dishTypes, summary, instructions, analyzedInstructions, extendedIngredients
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = container.lenientValue(Int.self, forKey: .id)
        title = container.lenientValue(String.self, forKey: .title)
        readyInMinutes = container.lenientValue(Int.self, forKey: .readyInMinutes)
        servings = container.lenientValue(Int.self, forKey: .servings)
        sourceUrl = container.lenientValue(String.self, forKey: .sourceUrl)
        image = container.lenientValue(String.self, forKey: .image)
        vegetarian = container.lenientValue(Bool.self, forKey: .vegetarian)
        vegan = container.lenientValue(Bool.self, forKey: .vegan)
        glutenFree = container.lenientValue(Bool.self, forKey: .glutenFree)
        dairyFree = container.lenientValue(Bool.self, forKey: .dairyFree)
        cuisines = container.lenientValue([String].self, forKey: .cuisines)
        dishTypes = container.lenientValue([String].self, forKey: .dishTypes)
        summary = container.lenientValue(String.self, forKey: .summary)
        instructions = container.lenientValue(String.self, forKey: .instructions)
        analyzedInstructions = container.lenientValue([InstructionSection].self, forKey: .analyzedInstructions)
        extendedIngredients = container.lenientValue([SpoonacularIngredient].self, forKey: .extendedIngredients)
    }

    /// The diets its flags declare, in `Diet` order.
    public var diets: [Diet] {
        [(Diet.vegetarian, vegetarian), (.vegan, vegan), (.glutenFree, glutenFree), (.dairyFree, dairyFree)]
            .compactMap { $0.1 == true ? $0.0 : nil }
    }

    /// The steps as plain text: the analysed steps in order when there are any, otherwise the
    /// instructions split into paragraphs, list items and lines, HTML stripped.
    public var plainSteps: [String] {
        let analysed = (analyzedInstructions ?? []).flatMap { $0.steps ?? [] }.compactMap(\.step)
            .map(HTMLText.plainText).filter { !$0.isEmpty }
        if !analysed.isEmpty { return analysed }
        return instructions.map(HTMLText.blocks) ?? []
    }
}
