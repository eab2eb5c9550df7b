// BreedsSearchCommand: `sightline cat breeds [search] [QUERY] [--filter key=value …]` — the
// encyclopaedia's entries matching a name and traits, as a table or as JSON with every field.
import ArgumentParser
import Foundation
import SightlineApps
import SightlineCommandSupport
import SightlinePresentation

struct BreedsSearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "List encyclopaedia entries, optionally matching a name and traits.",
        discussion: """
            QUERY matches names and aliases, ignoring case, accents and punctuation: exact \
            matches first, then names starting with it, then names with a word starting with it, \
            then names containing it. Without QUERY every entry is listed, by name.

            Filters (repeatable, all must hold; comma-separated values mean "any of"):
            \(BreedFilter.expressionHelp.map { "  \($0.key)=\($0.values)" }.joined(separator: "\n"))

            ✓ marks entries the installed breed classifier can recognise, ★ favourites. With \
            --json the output is one line {"breeds", "total", "recognised"} as GET /api/v1/breeds \
            answers it, each entry holding every field (the schema of Resources/cats/README.md) \
            plus "recognised_by_scanner", "favourite" and "photo".
            """)

    @Argument(help: ArgumentHelp("A name or part of one.", valueName: "query"))
    var query: String?

    @Option(name: .customLong("filter"), help: ArgumentHelp("A trait condition such as size=large.", valueName: "key=value"))
    var filters: [String] = []

    @OptionGroup var format: JSONOutputOptions

    func run() async throws {
        let filter = try BreedFilter(expressions: filters)
        let encyclopaedia = try BreedEncyclopaedia.bundled()
        let labels = try BreedPageFormat.recognisedLabels()
        let favourites = try await BreedFavourites(store: try await AppDataStore.open(), encyclopaedia: encyclopaedia).names()
        let photos = try BreedPageFormat.photos()
        let entries = encyclopaedia.entries(matching: query ?? "", filter: filter, recognisedLabels: labels,
                                            favourites: favourites).map(photos.attaching(to:))
        if format.json {
            printJSON(BreedListJSON(breeds: entries, total: encyclopaedia.breeds.count,
                                    recognised: labels.map { labels in encyclopaedia.breeds.filter { labels.contains($0.name) }.count })
                )
            return
        }
        if entries.isEmpty {
            print("No entry matches; `sightline cat breeds` lists all \(encyclopaedia.breeds.count).")
        } else {
            print(TextTable(header: BreedPageFormat.tableHeader, rows: entries.map(BreedPageFormat.tableRow)).rendered)
            print("\n\(entries.count) of \(encyclopaedia.breeds.count) entries. "
                + BreedPageFormat.recognitionNote(labels, encyclopaedia: encyclopaedia))
        }
    }
}
