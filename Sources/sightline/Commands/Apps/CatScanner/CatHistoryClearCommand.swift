// CatHistoryClearCommand: `sightline cat history clear` — deletes every saved cat scan.
import ArgumentParser
import SightlineApps

struct CatHistoryClearCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Delete every saved cat scan and its photo.")

    func run() throws {
        let count = try CatScanArchive(store: try AppDataStore.open()).deleteAll()
        print("Deleted \(count) cat scan\(count == 1 ? "" : "s").")
    }
}
