// KitchenAddCommand: `sightline kitchen add TEXT…` — puts ingredients on top of the list,
// normalised; empty and duplicate entries are ignored, ambiguous and unknown words refused.
import ArgumentParser
import SightlineApps
import SightlinePresentation

struct KitchenAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add ingredients to the list (newest on top).",
        discussion: """
            Each argument is one ingredient. It is lowercased and trimmed; synonyms, plurals and \
            German or Ukrainian words become the canonical name ("Eggs" → egg, "capsicum" → bell \
            pepper, "Kartoffeln" → potato). A word that could mean several ingredients ("pepper": \
            bell pepper or black pepper) is not added; the meanings are listed. A word that names \
            no ingredient the Kitchen knows is not added either; the nearest known ones are \
            suggested. Empty text and ingredients already on the list are ignored; the exit \
            status is 1 when an ingredient was refused. With --json: {"changes": [{"text", \
            "name", "result", "options"}], "ingredients": [...]}, result being added, \
            already-on-list, ignored-empty, ambiguous or unknown (options: the meanings or \
            suggestions).
            """)

    @Argument(help: ArgumentHelp("Ingredients, one per argument (quote names with spaces).", valueName: "ingredient"))
    var ingredients: [String]

    @OptionGroup var format: JSONOutputOptions

    func run() async throws {
        let context = try await KitchenContext.open()
        let list = context.ingredientList
        var changes: [IngredientChangeJSON] = []
        var refused = false
        for text in ingredients {
            let change = try await list.add(text)
            if !format.json {
                switch change {
                case .added(let name): print("Added \(name).")
                case .alreadyOnList(let name): print("\(name) is already on the list.")
                case .ignoredEmpty: print("Ignored an empty ingredient.")
                case .ambiguous(let meanings):
                    print("'\(text)' could be \(meanings.joined(separator: " or ")); add the one you mean.")
                case .unknown(let suggestions):
                    print("The Kitchen does not know '\(text)'."
                        + (suggestions.isEmpty ? "" : " Did you mean \(suggestions.joined(separator: ", "))?"))
                }
            }
            if case .ambiguous = change { refused = true }
            if case .unknown = change { refused = true }
            changes.append(IngredientChangeJSON(text: text, change: change))
        }
        if format.json {
            printJSON(IngredientsAddedJSON(changes: changes, ingredients: try await context.ingredientList.names()))
        }
        if refused { throw ExitCode(1) }
    }
}
