// BreedsFavouritesRemoveCommand: `sightline cat breeds favourites remove NAME` — unmarks a favourite.
import ArgumentParser
import SightlineApps
import SightlineCommandSupport

struct BreedsFavouritesRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a breed from the favourites.")

    @Argument(help: ArgumentHelp("The entry's name or alias.", valueName: "name"))
    var name: [String]

    func run() async throws {
        let favourites = BreedFavourites(store: try await AppDataStore.open(), encyclopaedia: try BreedEncyclopaedia.bundled())
        let text = name.joined(separator: " ")
        guard try await favourites.remove(text) else {
            throw CommandFailure("'\(text)' is not a favourite; `sightline cat breeds favourites` lists them.")
        }
        print("Removed '\(text)' from the favourites.")
    }
}
