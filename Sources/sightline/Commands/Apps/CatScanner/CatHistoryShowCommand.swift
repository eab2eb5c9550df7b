// CatHistoryShowCommand: `sightline cat history show ID|latest` — one saved scan, and on
// request its photo or thumbnail written to a file.
import ArgumentParser
import Foundation
import SightlineApps
import SightlineCommandSupport
import SightlinePresentation
import SightlineStore

struct CatHistoryShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one saved cat scan; write its photo or thumbnail with --photo / --thumbnail.",
        discussion: """
            ID is a scan's number from `sightline cat history list`, or "latest". The files are \
            the stored JPEG bytes.
            """)

    @Argument(help: ArgumentHelp("The scan's id, or latest.", valueName: "id"))
    var id: String

    @Option(help: ArgumentHelp("Write the photo (JPEG) to this file.", valueName: "out"))
    var photo: String?

    @Option(help: ArgumentHelp("Write the thumbnail (JPEG) to this file.", valueName: "out"))
    var thumbnail: String?

    @OptionGroup var format: JSONOutputOptions

    func run() async throws {
        let archive = CatScanArchive(store: try await AppDataStore.open())
        let found: CatScanSummary?
        if id == "latest" {
            found = try await archive.entries(limit: 1).first
        } else if let number = Int64(id) {
            found = try await archive.entry(id: number)
        } else {
            found = nil
        }
        guard let entry = found else {
            throw CommandFailure(id == "latest" ? "The cat history is empty."
                : "There is no saved cat scan '\(id)'; `sightline cat history list` shows the ids.")
        }
        if format.json {
            printJSON(CatScanEntryJSON(entry))
        } else {
            print(CatScanFormat.line(entry))
            print("  " + entry.message)
            for breed in entry.breeds {
                print("  " + breed.displayText)
            }
        }
        if let photo, let data = try await archive.photo(id: entry.id) {
            try SavedPhotoExport.write(data, to: photo)
        }
        if let thumbnail, let data = try await archive.thumbnail(id: entry.id) {
            try SavedPhotoExport.write(data, to: thumbnail)
        }
    }
}
