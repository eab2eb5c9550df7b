// KitchenRemoveCommand: `sightline kitchen remove TEXT…` — deletes ingredients from the list.
import ArgumentParser
import SightlineApps
import SightlineCommandSupport
import SightlinePresentation

struct KitchenRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Delete ingredients from the list.",
        discussion: "Names are normalised as by `kitchen add`, so `remove eggs` deletes egg. --json prints {\"ingredients\": [...]}.")

    @Argument(help: ArgumentHelp("Ingredients to delete.", valueName: "ingredient"))
    var ingredients: [String]

    @OptionGroup var format: JSONOutputOptions

    func run() async throws {
        let context = try await KitchenContext.open()
        var missing: [String] = []
        for text in ingredients {
            if let removed = try await context.ingredientList.remove(text) {
                if !format.json { print("Removed \(removed).") }
            } else {
                missing.append(text)
            }
        }
        if format.json { printJSON(IngredientListJSON(try await context.ingredientList.names())) }
        if !missing.isEmpty {
            throw CommandFailure("Not on the list: \(missing.joined(separator: ", ")); `sightline kitchen list` shows it.")
        }
    }
}
