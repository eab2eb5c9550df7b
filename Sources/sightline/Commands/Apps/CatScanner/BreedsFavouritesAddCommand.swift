// BreedsFavouritesAddCommand: `sightline cat breeds favourites add NAME` — marks an entry as a favourite.
import ArgumentParser
import SightlineApps

struct BreedsFavouritesAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Mark a breed as a favourite.")

    @Argument(help: ArgumentHelp("The entry's name or alias.", valueName: "name"))
    var name: [String]

    func run() async throws {
        let favourites = BreedFavourites(store: try await AppDataStore.open(), encyclopaedia: try BreedEncyclopaedia.bundled())
        let (breed, added) = try await favourites.add(name.joined(separator: " "))
        print(added ? "Added \(breed.name) to the favourites." : "\(breed.name) is already a favourite.")
    }
}
