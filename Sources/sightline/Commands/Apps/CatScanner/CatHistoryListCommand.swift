// CatHistoryListCommand: `sightline cat history list` — the saved cat scans, newest first.
import ArgumentParser
import SightlineApps
import SightlinePresentation

struct CatHistoryListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List saved cat scans, newest first.",
        discussion: """
            Each line: id, date and time, the detector's verdict and the three breeds. With \
            --json one object per line: {"id", "created_at", "is_cat", "cat_confidence", \
            "message", "breeds": [{"name", "confidence"}]}. Thumbnails and photos: \
            `sightline cat history show ID --thumbnail OUT.jpg`.
            """)

    @Option(help: "At most this many scans.")
    var limit = 50

    @OptionGroup var format: JSONOutputOptions

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be at least 1, got \(limit).") }
    }

    func run() async throws {
        let archive = CatScanArchive(store: try await AppDataStore.open())
        let entries = try await archive.entries(limit: limit)
        for entry in entries {
            print(format.json ? try CatScanEntryJSON(entry).jsonText() : CatScanFormat.line(entry))
        }
        if entries.isEmpty, !format.json { print("The cat history is empty.") }
    }
}
