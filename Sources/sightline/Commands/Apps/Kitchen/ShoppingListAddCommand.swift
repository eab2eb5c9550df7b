// ShoppingListAddCommand: `sightline kitchen shopping-list add TEXT` — puts a free-text item on
// the shopping list.
import ArgumentParser
import SightlineApps
import SightlineCommandSupport

struct ShoppingListAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add an item to the shopping list.")

    @Argument(help: ArgumentHelp("The item (normalised like `kitchen add`).", valueName: "item"))
    var item: String

    @Option(help: ArgumentHelp("How much, as free text (\"500 g\").", valueName: "text"))
    var amount: String?

    func run() async throws {
        guard let name = try await KitchenContext.open().shoppingList.add(item, amount: amount) else {
            throw CommandFailure("The item is empty; give its name.")
        }
        print("Added \(name) to the shopping list.")
    }
}
