// KitchenRecipeCommand: `sightline kitchen recipe ID` — one recipe's details: time, servings,
// ingredients with amounts (those on the list marked) and numbered steps.
import ArgumentParser
import Foundation
import SightlineApps
import SightlinePresentation

struct KitchenRecipeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recipe",
        abstract: "Show a recipe: time, ingredients with amounts, numbered steps.",
        discussion: """
            ID is a bundled recipe's id (such as borscht) or, with $SPOONACULAR_API_KEY set, a \
            Spoonacular recipe number. Ingredients on your list are marked ✓. With --json: the \
            recipe object {"id", "title", "cuisine", "course", "servings", "ready_in_minutes", \
            "diets", "summary", "ingredients": [{"name", "amount", "unit", "preparation"}], \
            "steps"} (step N is the N-th element), plus "source_url" for online recipes. With \
            --lang de or uk the texts are in that language and each ingredient also has \
            "display_name" and "unit_text".
            """)

    @Argument(help: ArgumentHelp("The recipe's id.", valueName: "id"))
    var id: String

    @OptionGroup var format: JSONOutputOptions

    @Option(name: .customLong("lang"), help: "Language of the recipe's texts: en, de or uk.")
    var language: Language = .english

    func run() async throws {
        let context = try await KitchenContext.open()
        let recipe = try KitchenTranslations.bundled().translating(try await context.recipeSources().recipe(id: id), to: language)
        let have = await Set(try context.ingredientList.names())
        let isFavourite = try await context.favourites.contains(recipeID: recipe.id)
        print(format.json ? try RecipeJSON(recipe, favourite: isFavourite, ingredientList: have).jsonText()
                   : RecipeFormat.details(recipe, have: have, isFavourite: isFavourite))
    }
}
