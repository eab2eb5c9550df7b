// KitchenFavouritesAddCommand: `sightline kitchen favourites add ID` — marks a recipe as a favourite.
import ArgumentParser
import SightlineApps

struct KitchenFavouritesAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Mark a recipe as a favourite.")

    @Argument(help: ArgumentHelp("A bundled recipe's id or a Spoonacular recipe number.", valueName: "id"))
    var id: String

    func run() async throws {
        let added = try await KitchenContext.open().favourites.add(recipeID: id)
        print(added ? "Added \(id) to the favourites." : "\(id) is already a favourite.")
    }
}
