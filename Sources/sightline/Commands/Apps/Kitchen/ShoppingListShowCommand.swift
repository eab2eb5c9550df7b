// ShoppingListShowCommand: `sightline kitchen shopping-list [list]` — the shopping list.
import ArgumentParser
import SightlineApps
import SightlinePresentation

struct ShoppingListShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show the shopping list.",
        discussion: """
            --json prints {"items": [{"id", "name", "display_name", "amount", "recipe_id", \
            "recipe_title", "checked"}]}. With --lang de or uk the names, amounts and recipe \
            titles are in that language ("name" stays the stored one).
            """)

    @OptionGroup var format: JSONOutputOptions

    @Option(name: .customLong("lang"), help: "Language of the names, amounts and recipe titles: en, de or uk.")
    var language: Language = .english

    func run() async throws {
        let list = ShoppingListJSON(try await KitchenContext.open().shoppingList.items(),
                                    translations: try KitchenTranslations.bundled(), language: language)
        if format.json {
            printJSON(list)
            return
        }
        if list.items.isEmpty {
            print("The shopping list is empty; `sightline kitchen shopping-list add-missing RECIPE` fills it.")
        }
        for item in list.items {
            print(RecipeFormat.shoppingLine(item))
        }
    }
}
