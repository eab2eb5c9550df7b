// BreedsFavouritesListCommand: `sightline cat breeds favourites list` — favourite breeds, newest first.
import ArgumentParser
import SightlineApps
import SightlinePresentation

struct BreedsFavouritesListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List favourite breeds, newest first.")

    @OptionGroup var format: JSONOutputOptions

    func run() async throws {
        let encyclopaedia = try BreedEncyclopaedia.bundled()
        let breeds = try await BreedFavourites(store: try await AppDataStore.open(), encyclopaedia: encyclopaedia).list()
        if format.json {
            let labels = Set(try BreedPageFormat.recognisedLabels() ?? [])
            let photos = try BreedPageFormat.photos()
            let entries = breeds.map {
                BreedEncyclopaediaEntry(breed: $0, isRecognisedByScanner: labels.contains($0.name), isFavourite: true,
                                        photo: photos.photo(for: $0.name))
            }
            printJSON(BreedFavouriteListJSON(breeds: entries))
            return
        }
        if breeds.isEmpty {
            print("No favourite breeds yet; add one with `sightline cat breeds favourites add NAME`.")
        }
        for breed in breeds {
            print("\(breed.name) — \(breed.summary)")
        }
    }
}
