// BreedsFavouritesAddCommand: `sightline cat breeds favourites add NAME` — marks an entry as a favourite.
import ArgumentParser
import SightlineApps

struct BreedsFavouritesAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Mark a breed as a favourite.")

    @Argument(help: ArgumentHelp("The entry's name or alias.", valueName: "name"))
    var name: [String]

    func run() throws {
        let favourites = BreedFavourites(store: try AppDataStore.open(), encyclopaedia: try BreedEncyclopaedia.bundled())
        let (breed, added) = try favourites.add(name.joined(separator: " "))
        print(added ? "Added \(breed.name) to the favourites." : "\(breed.name) is already a favourite.")
    }
}
