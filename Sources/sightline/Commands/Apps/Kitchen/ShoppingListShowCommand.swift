// ShoppingListShowCommand: `sightline kitchen shopping-list [list]` — the shopping list.
import ArgumentParser
import SightlineApps
import SightlinePresentation

struct ShoppingListShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show the shopping list.",
        discussion: "--json prints {\"items\": [{\"id\", \"name\", \"amount\", \"recipe_id\", \"recipe_title\", \"checked\"}]}.")

    @OptionGroup var format: JSONOutputOptions

    func run() async throws {
        let items = try await KitchenContext.open().shoppingList.items()
        if format.json {
            printJSON(ShoppingListJSON(items))
            return
        }
        if items.isEmpty {
            print("The shopping list is empty; `sightline kitchen shopping-list add-missing RECIPE` fills it.")
        }
        for item in items {
            print(RecipeFormat.shoppingLine(item))
        }
    }
}
