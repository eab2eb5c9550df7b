// BreedCommand: `sightline cat breed NAME` — one encyclopaedia entry in full.
import ArgumentParser
import Foundation
import SightlineApps
import SightlinePresentation

struct BreedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "breed",
        abstract: "Show one entry of the cat breed encyclopaedia.",
        discussion: """
            NAME is an entry's name or alias (case, accents and punctuation ignored), or a part \
            of a name that only one entry has. The page says whether the Cat Scanner's installed \
            breed classifier can recognise it. With --json: one object with every field plus \
            "recognised_by_scanner", "favourite" and "photo" (the credit of its installed picture, \
            or null).
            """)

    @Argument(help: ArgumentHelp("The entry's name or alias.", valueName: "name"))
    var name: [String]

    @OptionGroup var format: JSONOutputOptions

    func run() async throws {
        let encyclopaedia = try BreedEncyclopaedia.bundled()
        let breed = try encyclopaedia.resolve(name.joined(separator: " "))
        let labels = try BreedPageFormat.recognisedLabels() ?? []
        let favourites = try await BreedFavourites(store: try await AppDataStore.open(), encyclopaedia: encyclopaedia).names()
        let photos = try BreedPageFormat.photos()
        let entry = BreedEncyclopaediaEntry(breed: breed, isRecognisedByScanner: labels.contains(breed.name),
                                            isFavourite: favourites.contains(breed.name), photo: photos.photo(for: breed.name))
        print(format.json ? try BreedEntryJSON(entry).jsonText() : BreedPageFormat.page(entry, photos: photos))
    }
}
