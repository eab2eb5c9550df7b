// HistoryShowCommand: `sightline recognize history show ID|latest` — one saved capture, and on request
// its photo or thumbnail written to a file.
import ArgumentParser
import Foundation
import SightlineApps
import SightlineCommandSupport
import SightlinePresentation
import SightlineStore

struct HistoryShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one saved capture; write its photo or thumbnail with --image / --thumbnail.",
        discussion: """
            ID is a capture's number from `sightline recognize history list`, or "latest" for the most \
            recent one (whose thumbnail is the history's thumbnail). The files are the stored \
            JPEG bytes, written only when asked for.
            """)

    @Argument(help: ArgumentHelp("The capture's id, or latest.", valueName: "id"))
    var id: String

    @Option(help: ArgumentHelp("Write the captioned photo (JPEG) to this file.", valueName: "out"))
    var image: String?

    @Option(help: ArgumentHelp("Write the thumbnail (JPEG) to this file.", valueName: "out"))
    var thumbnail: String?

    @OptionGroup var format: JSONOutputOptions

    @Option(name: .customLong("lang"), help: "Language of category names: en, de or uk.")
    var language: Language = .english

    func run() async throws {
        let categories = try ObjectCategories.bundled()
        let history = RecognizerHistory(store: try await AppDataStore.open(), categories: categories)
        let found: RecognitionCaptureSummary?
        if id == "latest" {
            found = try await history.entries(limit: 1).first
        } else if let number = Int64(id) {
            found = try await history.entry(id: number)
        } else {
            found = nil
        }
        guard let entry = found else {
            throw CommandFailure(id == "latest" ? "The history is empty."
                : "There is no capture '\(id)'; `sightline recognize history list` shows the ids.")
        }
        print(format.json ? try CaptureEntryJSON(entry, categories: categories, language: language).jsonText()
                   : CaptureEntryFormat.line(entry, categories: categories, language: language))
        if let image, let data = try await history.image(id: entry.id) {
            try SavedPhotoExport.write(data, to: image)
        }
        if let thumbnail, let data = try await history.thumbnail(id: entry.id) {
            try SavedPhotoExport.write(data, to: thumbnail)
        }
    }
}
