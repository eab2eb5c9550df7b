// KitchenShoppingListCommand: `sightline kitchen shopping-list` — the group of commands over the
// shopping list built from recipes' missing ingredients.
import ArgumentParser

struct KitchenShoppingListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shopping-list",
        abstract: "The shopping list: add a recipe's missing ingredients, tick off, clear.",
        discussion: """
            `add-missing ID` puts the ingredients recipe ID needs that are not on your \
            ingredient list on the shopping list, with amounts; an ingredient already there is \
            merged into its line (amounts joined with +). Items are listed in the order they \
            were first added.
            """,
        subcommands: [ShoppingListShowCommand.self, ShoppingListAddMissingCommand.self, ShoppingListAddCommand.self,
                      ShoppingListCheckCommand.self, ShoppingListRemoveCommand.self, ShoppingListClearCommand.self],
        defaultSubcommand: ShoppingListShowCommand.self)
}
