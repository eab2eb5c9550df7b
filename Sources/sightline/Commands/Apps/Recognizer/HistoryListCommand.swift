// HistoryListCommand: `sightline recognize history list` — the saved captures newest first, optionally of
// one category or grouped by category.
import ArgumentParser
import SightlineApps
import SightlineCommandSupport
import SightlinePresentation

struct HistoryListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List saved captures, newest first.",
        discussion: """
            --group lists them by broad category, categories in the Object Recognizer's order. \
            With --json each capture is one JSON object per line: {"id", "created_at", "label", \
            "index", "confidence", "category", "category_name", "faces"}; with --group each \
            category is one line: {"category", "category_name", "captures": [...]}.
            """)

    @Flag(help: "Group the captures by broad category.")
    var group = false

    @Option(help: ArgumentHelp("Only captures of this category id (such as fruit-and-vegetables).", valueName: "id"))
    var category: String?

    @Option(help: "At most this many captures (without --group).")
    var limit = 50

    @OptionGroup var format: JSONOutputOptions

    @Option(name: .customLong("lang"), help: "Language of category names: en, de or uk.")
    var language: Language = .english

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be at least 1, got \(limit).") }
    }

    func run() async throws {
        let categories = try ObjectCategories.bundled()
        if let category, categories.category(id: category) == nil {
            throw CommandFailure("There is no category '\(category)'; the categories are "
                + categories.categories.map(\.id).joined(separator: ", ") + ".")
        }
        let history = RecognizerHistory(store: try await AppDataStore.open(), categories: categories)
        if group {
            let groups = try await history.groupedByCategory().filter { category == nil || $0.category.id == category }
            for group in groups {
                if format.json {
                    printJSON(CaptureGroupJSON(group, categories: categories, language: language))
                } else {
                    print("\(group.category.name.text(in: language)) (\(group.captures.count))")
                    for entry in group.captures {
                        print("  " + CaptureEntryFormat.line(entry, categories: categories, language: language))
                    }
                }
            }
            if groups.isEmpty, !format.json { print("The history is empty.") }
            return
        }
        let entries = try await history.entries(limit: limit, categoryID: category)
        for entry in entries {
            print(format.json ? try CaptureEntryJSON(entry, categories: categories, language: language).jsonText()
                       : CaptureEntryFormat.line(entry, categories: categories, language: language))
        }
        if entries.isEmpty, !format.json { print("The history is empty.") }
    }
}
