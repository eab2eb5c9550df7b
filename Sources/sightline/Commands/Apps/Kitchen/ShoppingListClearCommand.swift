// ShoppingListClearCommand: `sightline kitchen shopping-list clear [--checked]` — empties the
// shopping list, or removes only the ticked items.
import ArgumentParser
import SightlineApps

struct ShoppingListClearCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Empty the shopping list.")

    @Flag(help: "Remove only the ticked items.")
    var checked = false

    func run() throws {
        let list = try KitchenContext.open().shoppingList
        let count = checked ? try list.clearChecked() : try list.clearAll()
        print("Removed \(count) item\(count == 1 ? "" : "s").")
    }
}
