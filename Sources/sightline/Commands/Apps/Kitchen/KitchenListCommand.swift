// KitchenListCommand: `sightline kitchen list` — the ingredient list, newest on top.
import ArgumentParser
import SightlineApps
import SightlinePresentation

struct KitchenListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show the ingredient list, newest on top.",
        discussion: "--json prints {\"ingredients\": [...]}.")

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        let context = try KitchenContext.open()
        if json {
            print(ShoppingListJSON.ingredients(try context.ingredientList.names()).text)
            return
        }
        let names = try context.ingredientList.names()
        if names.isEmpty {
            print("The ingredient list is empty; add with `sightline kitchen add NAME` or `sightline kitchen identify PHOTO`.")
        }
        for name in names {
            print(name)
        }
    }
}
