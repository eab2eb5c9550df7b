// KitchenRecipesCommand: `sightline kitchen recipes` — recipes that use the listed (or given)
// ingredients, in one of the original app's two rankings, with "With additional:" and the
// missing ingredients; filters by diet and time.
import ArgumentParser
import Foundation
import SightlineApps
import SightlinePresentation

struct KitchenRecipesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recipes",
        abstract: "Find recipes that use your ingredients.",
        discussion: """
            The ingredients are the list (`sightline kitchen list`), or those given with --with \
            (comma-separated, normalised like `kitchen add`; the list is not changed). A recipe \
            is found when it uses at least one of them.

            --ranking most-used (Spoonacular's ranking 1) puts first the recipes using the most \
            of your ingredients, then those missing fewest; fewest-missing (ranking 2) puts \
            first those missing the fewest, then those using most; remaining ties by title. \
            --ignore-pantry leaves salt, pepper, oil, water, sugar and flour out of both counts.

            --source auto (default) uses Spoonacular when $SPOONACULAR_API_KEY is set and the \
            bundled recipes otherwise; offline and spoonacular force one.

            With --json the output is one line {"recipes": [match…]}, each match \
            {"id", "title", "used", "missing", "ready_in_minutes", "diets"}: what \
            GET /api/v1/kitchen/recipes answers.
            """)

    @Option(name: .customLong("with"), help: ArgumentHelp("Ingredients to use instead of the list.", valueName: "a,b,…"))
    var with: String?

    @Option(help: "most-used or fewest-missing.")
    var ranking: RecipeRanking = .mostUsed

    @Flag(help: "Ignore pantry staples (salt, pepper, oil, water, sugar, flour).")
    var ignorePantry = false

    @Option(name: .customLong("diet"), help: "Only recipes suiting this diet: vegetarian, vegan, gluten-free, dairy-free (repeatable).")
    var diets: [Diet] = []

    @Option(help: ArgumentHelp("Only recipes ready in at most this many minutes.", valueName: "n"))
    var maxMinutes: Int?

    @Option(help: "At most this many recipes (0: all bundled matches).")
    var limit = 10

    @Option(help: "auto, offline or spoonacular.")
    var source: RecipeSources.Choice = .automatic

    @OptionGroup var format: JSONOutputOptions

    func validate() throws {
        if let maxMinutes, maxMinutes < 1 { throw ValidationError("--max-minutes must be at least 1, got \(maxMinutes).") }
        guard limit >= 0 else { throw ValidationError("--limit must be 0 (all) or more, got \(limit).") }
    }

    func run() async throws {
        let context = try await KitchenContext.open()
        let ingredients: [String]
        if let with {
            ingredients = with.split(separator: ",").map(String.init)
        } else {
            ingredients = try await context.ingredientList.names()
        }
        guard ingredients.contains(where: { context.knowledge.vocabulary.normalisedName($0) != nil }) else {
            throw KitchenError.noIngredients
        }
        let request = RecipeSearchRequest(ingredients: ingredients, ranking: ranking, ignorePantryStaples: ignorePantry,
                                          diets: Set(diets), maxReadyInMinutes: maxMinutes, limit: limit)
        let matches = try await context.recipeSources().searchProvider(source).findRecipes(request)
        if format.json {
            printJSON(RecipeMatchesJSON(matches))
            return
        }
        if matches.isEmpty {
            print("No recipe uses these ingredients" + (diets.isEmpty && maxMinutes == nil ? "." : " with these filters."))
        }
        print(matches.map(RecipeFormat.match).joined(separator: "\n\n"))
    }
}
