// KitchenListCommand: `sightline kitchen list` — the ingredient list, newest on top, and which
// ingredients a photo can be recognised as (the labels of the installed ingredient detector, or
// else of the ingredient classifier).
import ArgumentParser
import SightlineApps
import SightlinePresentation
import SightlineVision

struct KitchenListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show the ingredient list, newest on top.",
        discussion: "--json prints {\"ingredients\": [...]}.")

    @OptionGroup var format: JSONOutputOptions

    func run() async throws {
        let context = try await KitchenContext.open()
        if format.json {
            printJSON(IngredientListJSON(try await context.ingredientList.names()))
            return
        }
        let names = try await context.ingredientList.names()
        if names.isEmpty {
            print("The ingredient list is empty; add with `sightline kitchen add NAME` or `sightline kitchen identify PHOTO`.")
        }
        for name in names {
            print(name)
        }
        let store = ModelStore()
        let model = try IngredientFinder.model(in: store)
        if let labels = try model.installedLabels(in: store) {
            print("\nFrom photos (`sightline kitchen identify`), the \(model.purpose) recognises \(labels.count) ingredients: "
                + labels.joined(separator: ", ") + ".")
        } else {
            print("\nNo \(model.purpose) is installed, so photos cannot be recognised; run `\(model.installCommand)`.")
        }
    }
}
