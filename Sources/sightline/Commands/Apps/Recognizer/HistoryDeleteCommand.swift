// HistoryDeleteCommand: `sightline recognize history delete ID…` — removes saved captures and their photos.
import ArgumentParser
import SightlineApps
import SightlineCommandSupport

struct HistoryDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete saved captures and their photos.")

    @Argument(help: ArgumentHelp("The ids of the captures to delete.", valueName: "id"))
    var ids: [Int64]

    func run() async throws {
        let history = RecognizerHistory(store: try await AppDataStore.open(), categories: try ObjectCategories.bundled())
        var missing: [Int64] = []
        for id in ids {
            if try await history.delete(id: id) {
                print("Deleted capture #\(id).")
            } else {
                missing.append(id)
            }
        }
        if !missing.isEmpty {
            throw CommandFailure("There is no capture \(missing.map { "#\($0)" }.joined(separator: ", ")); "
                + "`sightline recognize history list` shows the ids.")
        }
    }
}
