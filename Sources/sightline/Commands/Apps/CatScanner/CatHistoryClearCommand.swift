// CatHistoryClearCommand: `sightline cat history clear` — deletes every saved cat scan.
import ArgumentParser
import SightlineApps

struct CatHistoryClearCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Delete every saved cat scan and its photo.")

    func run() async throws {
        let count = try await CatScanArchive(store: try await AppDataStore.open()).deleteAll()
        print("Deleted \(count) cat scan\(count == 1 ? "" : "s").")
    }
}
