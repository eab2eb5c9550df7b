// KitchenFavouritesListCommand: `sightline kitchen favourites list` — favourite recipes, newest first.
import ArgumentParser
import SightlineApps
import SightlinePresentation

struct KitchenFavouritesListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List favourite recipes, newest first.",
        discussion: "--json prints {\"favourites\": [{\"id\", \"title\"}]}; the title of a Spoonacular recipe is null.")

    @OptionGroup var format: JSONOutputOptions

    func run() async throws {
        let context = try await KitchenContext.open()
        let ids = try await context.favourites.recipeIDs()
        let titles = ids.map { context.knowledge.recipes.recipe(id: $0)?.title }
        if format.json {
            printJSON(RecipeFavouritesJSON(ids: ids) { context.knowledge.recipes.recipe(id: $0)?.title })
            return
        }
        if ids.isEmpty { print("No favourite recipes yet; add one with `sightline kitchen favourites add ID`.") }
        for (id, title) in zip(ids, titles) {
            print("\(title ?? "Spoonacular recipe \(id)")  [\(id)]")
        }
    }
}
