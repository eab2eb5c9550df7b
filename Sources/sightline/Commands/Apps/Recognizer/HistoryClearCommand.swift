// HistoryClearCommand: `sightline recognize history clear` — deletes every saved capture.
import ArgumentParser
import SightlineApps

struct HistoryClearCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Delete every saved capture and its photo.")

    func run() throws {
        let history = RecognizerHistory(store: try AppDataStore.open(), categories: try ObjectCategories.bundled())
        let count = try history.clear()
        print("Deleted \(count) capture\(count == 1 ? "" : "s").")
    }
}
