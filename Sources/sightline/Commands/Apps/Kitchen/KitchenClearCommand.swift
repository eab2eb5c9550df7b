// KitchenClearCommand: `sightline kitchen clear` — empties the ingredient list.
import ArgumentParser
import SightlineApps
import SightlinePresentation

struct KitchenClearCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Empty the ingredient list.")

    @OptionGroup var format: JSONOutputOptions

    func run() async throws {
        let context = try await KitchenContext.open()
        let count = try await context.ingredientList.clear()
        print(format.json ? try IngredientListJSON(try await context.ingredientList.names()).jsonText() : "Removed \(count) ingredient\(count == 1 ? "" : "s").")
    }
}
