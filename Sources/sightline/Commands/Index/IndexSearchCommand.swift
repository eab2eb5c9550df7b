// IndexSearchCommand: `sightline index search TEXT [--lang de]` — the analysed photos whose labels
// contain TEXT or whose category is TEXT (in English or as --lang names them), most confident first.
import ArgumentParser
import Foundation
import SightlineApps
import SightlinePresentation
import SightlineStore

struct IndexSearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find analysed photos by label (\"cat\" finds tabby cat, tiger cat, …) or category (cats, food, …), in English or --lang.",
        discussion: """
            Each photo is listed once, with its best label that matches, most confident first. \
            With --json one object: {"query", "matches": [{"id", "file", "label", "category", \
            "confidence", "rank"}]} (rank 0: the photo's best label).
            """)

    @OptionGroup var database: DatabaseOptions

    @Argument(help: ArgumentHelp("Part of a label, or a category.", valueName: "text"))
    var text: String

    @Option(help: "The most photos to list.")
    var limit = 50

    @Option(name: .customLong("lang"), help: "Also find the labels and categories TEXT names in this language: en, de or uk.")
    var language: Language = .english

    @OptionGroup var format: JSONOutputOptions

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be at least 1, got \(limit).") }
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("The search text is empty.") }
    }

    func run() async throws {
        let matches = try await PhotoLibrary(index: database.open().photoIndex)
            .search(text, in: language, categories: ObjectCategories.bundled(), limit: limit)
        if format.json {
            printJSON(PhotoIndexSearchJSON(query: text, matches: matches))
            return
        }
        if matches.isEmpty { print("No analysed photo matches \"\(text)\".") }
        for match in matches {
            print(String(format: "%@  %@ %.1f%%", match.path, match.label, match.confidence * 100)
                + (match.category.map { " (\($0))" } ?? ""))
        }
    }
}
