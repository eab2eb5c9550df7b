// ShoppingListClearCommand: `sightline kitchen shopping-list clear [--checked]` — empties the
// shopping list, or removes only the ticked items.
import ArgumentParser
import SightlineApps

struct ShoppingListClearCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Empty the shopping list.")

    @Flag(help: "Remove only the ticked items.")
    var checked = false

    func run() async throws {
        let list = try await KitchenContext.open().shoppingList
        let count = checked ? try await list.clearChecked() : try await list.clearAll()
        print("Removed \(count) item\(count == 1 ? "" : "s").")
    }
}
