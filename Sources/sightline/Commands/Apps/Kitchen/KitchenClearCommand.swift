// KitchenClearCommand: `sightline kitchen clear` — empties the ingredient list.
import ArgumentParser
import SightlineApps
import SightlinePresentation

struct KitchenClearCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Empty the ingredient list.")

    @Flag(help: "Print the (empty) list as JSON.")
    var json = false

    func run() throws {
        let context = try KitchenContext.open()
        let count = try context.ingredientList.clear()
        print(json ? try IngredientListJSON(try context.ingredientList.names()).jsonText() : "Removed \(count) ingredient\(count == 1 ? "" : "s").")
    }
}
