// KitchenFavouritesRemoveCommand: `sightline kitchen favourites remove ID` — unmarks a favourite recipe.
import ArgumentParser
import SightlineApps
import SightlineCommandSupport

struct KitchenFavouritesRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a recipe from the favourites.")

    @Argument(help: ArgumentHelp("The recipe's id.", valueName: "id"))
    var id: String

    func run() async throws {
        guard try await KitchenContext.open().favourites.remove(recipeID: id) else {
            throw CommandFailure("'\(id)' is not a favourite; `sightline kitchen favourites` lists them.")
        }
        print("Removed \(id) from the favourites.")
    }
}
