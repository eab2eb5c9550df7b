// KitchenAddCommand: `sightline kitchen add TEXT…` — puts ingredients on top of the list,
// normalised; empty and duplicate entries are ignored.
import ArgumentParser
import SightlineApps
import SightlinePresentation

struct KitchenAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add ingredients to the list (newest on top).",
        discussion: """
            Each argument is one ingredient, any free text. It is lowercased and trimmed; \
            synonyms, plurals and German or Ukrainian words become the canonical name ("Eggs" → \
            egg, "capsicum" or "pepper" → bell pepper, "Kartoffeln" → potato); unknown words are \
            kept with an English plural -s removed. Empty text and ingredients already on the \
            list are ignored. With --json: {"changes": [{"text", "name", "result"}], \
            "ingredients": [...]}, result being added, already-on-list or ignored-empty.
            """)

    @Argument(help: ArgumentHelp("Ingredients, one per argument (quote names with spaces).", valueName: "ingredient"))
    var ingredients: [String]

    @OptionGroup var format: JSONOutputOptions

    func run() async throws {
        let context = try await KitchenContext.open()
        let list = context.ingredientList
        var changes: [IngredientChangeJSON] = []
        for text in ingredients {
            let change = try await list.add(text)
            if !format.json {
                switch change {
                case .added(let name): print("Added \(name).")
                case .alreadyOnList(let name): print("\(name) is already on the list.")
                case .ignoredEmpty: print("Ignored an empty ingredient.")
                }
            }
            changes.append(IngredientChangeJSON(text: text, change: change))
        }
        if format.json {
            printJSON(IngredientsAddedJSON(changes: changes, ingredients: try await context.ingredientList.names()))
        }
    }
}
