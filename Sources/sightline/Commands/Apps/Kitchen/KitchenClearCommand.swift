// KitchenClearCommand: `sightline kitchen clear` — empties the ingredient list.
import ArgumentParser
import SightlineApps
import SightlinePresentation

struct KitchenClearCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Empty the ingredient list.")

    @OptionGroup var format: JSONOutputOptions

    func run() throws {
        let context = try KitchenContext.open()
        let count = try context.ingredientList.clear()
        print(format.json ? try IngredientListJSON(try context.ingredientList.names()).jsonText() : "Removed \(count) ingredient\(count == 1 ? "" : "s").")
    }
}
