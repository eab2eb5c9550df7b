// IndexSearchCommand: `sightline index search TEXT` — the analysed photos whose labels contain
// TEXT or whose category is TEXT, most confident first.
import ArgumentParser
import Foundation
import SightlinePresentation
import SightlineStore

struct IndexSearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find analysed photos by label (\"cat\" finds tabby cat, tiger cat, …) or category (cats, food, …).",
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

    @OptionGroup var format: JSONOutputOptions

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be at least 1, got \(limit).") }
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("The search text is empty.") }
    }

    func run() async throws {
        let matches = try await database.open().photoIndex.search(text, limit: limit)
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
