// ShoppingListAddMissingCommand: `sightline kitchen shopping-list add-missing ID` — puts a
// recipe's missing ingredients, with amounts, on the shopping list.
import ArgumentParser
import SightlineApps
import SightlinePresentation
import SightlineStore

struct ShoppingListAddMissingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-missing",
        abstract: "Add the ingredients a recipe needs that are not on your ingredient list.",
        discussion: "--ignore-pantry leaves out salt, pepper, oil, water, sugar and flour.")

    @Argument(help: ArgumentHelp("The recipe's id.", valueName: "id"))
    var id: String

    @Flag(help: "Leave out pantry staples.")
    var ignorePantry = false

    @OptionGroup var format: JSONOutputOptions

    func run() async throws {
        let context = try await KitchenContext.open()
        let recipe = try await context.recipeSources().recipe(id: id)
        let (items, newLines) = try await context.shoppingList.addMissing(
            of: recipe, have: try context.ingredientList.names(), ignorePantryStaples: ignorePantry)
        if format.json {
            await printJSON(ShoppingListJSON(try context.shoppingList.items()))
            return
        }
        if items.isEmpty {
            print("\(recipe.title) needs nothing that is not on your ingredient list.")
        } else {
            print("\(recipe.title): added \(items.map(\.name).joined(separator: ", ")) "
                + "(\(newLines) new line\(newLines == 1 ? "" : "s"), \(items.count - newLines) merged).")
        }
    }
}
