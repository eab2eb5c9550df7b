// CatHistoryDeleteCommand: `sightline cat history delete ID…` — deletes saved cat scans and
// their photos.
import ArgumentParser
import SightlineApps
import SightlineCommandSupport

struct CatHistoryDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete saved cat scans (and their photos) by id.")

    @Argument(help: ArgumentHelp("Ids from `sightline cat history list`.", valueName: "id"))
    var ids: [Int64]

    func run() async throws {
        let archive = CatScanArchive(store: try await AppDataStore.open())
        var missing: [Int64] = []
        for id in ids {
            if try await archive.delete(id: id) {
                print("Deleted cat scan #\(id).")
            } else {
                missing.append(id)
            }
        }
        if !missing.isEmpty {
            throw CommandFailure("There is no saved cat scan " + missing.map { "#\($0)" }.joined(separator: ", ")
                + "; `sightline cat history list` shows the ids.")
        }
    }
}
