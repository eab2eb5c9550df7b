// ShoppingListCheckCommand: `sightline kitchen shopping-list check ID` — ticks an item off (or on again).
import ArgumentParser
import SightlineApps
import SightlineCommandSupport

struct ShoppingListCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "check", abstract: "Tick a shopping list item off, or untick it.")

    @Argument(help: ArgumentHelp("The item's id from `shopping-list list`.", valueName: "id"))
    var id: Int64

    func run() async throws {
        guard let checked = try await KitchenContext.open().shoppingList.toggleChecked(id: id) else {
            throw CommandFailure("There is no shopping list item #\(id); `sightline kitchen shopping-list` shows the ids.")
        }
        print(checked ? "Ticked off #\(id)." : "Unticked #\(id).")
    }
}
