// HistoryClearCommand: `sightline recognize history clear` — deletes every saved capture.
import ArgumentParser
import SightlineApps

struct HistoryClearCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Delete every saved capture and its photo.")

    func run() async throws {
        let history = RecognizerHistory(store: try await AppDataStore.open(), categories: try ObjectCategories.bundled())
        let count = try await history.clear()
        print("Deleted \(count) capture\(count == 1 ? "" : "s").")
    }
}
