// KitchenCommand: `sightline kitchen` — the Kitchen app: the ingredient list, identifying
// ingredients in photos, recipes by ingredients, recipe details, the shopping list and
// favourite recipes.
import ArgumentParser

struct KitchenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kitchen",
        abstract: "Kitchen: list your ingredients, find recipes that use them, build a shopping list.",
        discussion: """
            The ingredient list, shopping list and favourites are kept in sightline.sqlite in \
            the data directory ($SIGHTLINE_HOME or ~/.local/share/sightline). Recipes come from \
            the bundled collection, or from Spoonacular when $SPOONACULAR_API_KEY is set \
            (choose with --source; $SPOONACULAR_BASE_URL overrides its address).
            """,
        subcommands: [
            KitchenAddCommand.self, KitchenRemoveCommand.self, KitchenListCommand.self, KitchenClearCommand.self,
            KitchenIdentifyCommand.self, KitchenRecipesCommand.self, KitchenRecipeCommand.self,
            KitchenShoppingListCommand.self, KitchenFavouritesCommand.self,
        ])
}
