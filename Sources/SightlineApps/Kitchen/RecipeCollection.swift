// RecipeCollection: the bundled recipes (Resources/kitchen/recipes.json), checked when loaded
// against the schema of Resources/kitchen/README.md and the ingredient vocabulary, and
// looked up by id.
import Foundation

/// The recipes bundled with Sightline, sorted by cuisine, then title (the file's order).
public struct RecipeCollection: Sendable {
    /// The bundled file inside the apps' Resources.
    public static let resourcePath = "kitchen/recipes.json"

    public let recipes: [Recipe]
    private let indexByID: [String: Int]

    /// A collection of `recipes`, checked against `vocabulary`.
    ///
    /// - Throws: `AppDataError.malformed` for a duplicate or badly formed id, a missing time,
    ///   servings, cuisine, course or summary, no ingredients or steps, or an ingredient name
    ///   that is not canonical in `vocabulary`.
    public init(recipes: [Recipe], vocabulary: IngredientVocabulary, source: String = RecipeCollection.resourcePath) throws {
        var index: [String: Int] = [:]
        for (position, recipe) in recipes.enumerated() {
            func fail(_ reason: String) -> AppDataError {
                .malformed(file: source, reason: "recipe '\(recipe.id)': \(reason)")
            }
            guard Self.isSlug(recipe.id) else { throw fail("the id is not a lowercase slug like 'potato-pancakes'") }
            guard index.updateValue(position, forKey: recipe.id) == nil else { throw fail("the id is used twice") }
            guard let minutes = recipe.readyInMinutes, minutes > 0 else { throw fail("ready_in_minutes is missing") }
            guard let servings = recipe.servings, servings > 0 else { throw fail("servings is missing") }
            guard recipe.cuisine?.isEmpty == false, recipe.course?.isEmpty == false, recipe.summary?.isEmpty == false else {
                throw fail("cuisine, course and summary are required")
            }
            guard !recipe.ingredients.isEmpty, !recipe.steps.isEmpty else { throw fail("it needs ingredients and steps") }
            for ingredient in recipe.ingredients where !vocabulary.contains(ingredient.name) {
                throw fail("the ingredient '\(ingredient.name)' is not a name in \(IngredientVocabulary.resourcePath)")
            }
        }
        self.recipes = recipes
        self.indexByID = index
    }

    /// The collection bundled with the apps.
    ///
    /// - Throws: `AppDataError` when the file is missing or malformed.
    public static func bundled(vocabulary: IngredientVocabulary) throws -> RecipeCollection {
        let data = try AppResources.data(resourcePath)
        let recipes: [Recipe]
        do {
            recipes = try JSONDecoder().decode([Recipe].self, from: data)
        } catch {
            throw AppDataError.malformed(file: resourcePath, reason: "\(error)")
        }
        return try RecipeCollection(recipes: recipes, vocabulary: vocabulary)
    }

    /// The recipe with this id, or nil.
    public func recipe(id: String) -> Recipe? {
        indexByID[id].map { recipes[$0] }
    }

    /// Whether `id` is a lowercase slug: letters and digits in groups joined by single hyphens.
    /// Bundled ids are slugs and never all digits, so they cannot clash with Spoonacular ids.
    static func isSlug(_ id: String) -> Bool {
        let groups = id.split(separator: "-", omittingEmptySubsequences: false)
        return !groups.isEmpty && !id.allSatisfy(\.isNumber) && groups.allSatisfy { group in
            !group.isEmpty && group.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        }
    }
}
