// ShoppingListRemoveCommand: `sightline kitchen shopping-list remove ID` — deletes one item.
import ArgumentParser
import SightlineApps
import SightlineCommandSupport

struct ShoppingListRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Delete a shopping list item.")

    @Argument(help: ArgumentHelp("The item's id from `shopping-list list`.", valueName: "id"))
    var id: Int64

    func run() async throws {
        guard try await KitchenContext.open().shoppingList.remove(id: id) else {
            throw CommandFailure("There is no shopping list item #\(id); `sightline kitchen shopping-list` shows the ids.")
        }
        print("Removed #\(id).")
    }
}
