// IndexStatusCommand: `sightline index status` — the photo index's progress: photos by state,
// the workers holding leases, the rate of the last minute and the latest failures.
import ArgumentParser
import Foundation
import SightlinePresentation
import SightlineStore

struct IndexStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the index's progress: photos by state, workers, rate, failures.",
        discussion: """
            With --json one object: {"total", "pending", "leased", "expired", "done", "failed", \
            "workers": [{"name", "leased"}], "photos_per_second", "rate_window_seconds", \
            "recent_failures": [{"file", "error"}]}. "expired" counts photos whose worker's \
            lease ran out (it stopped): the next worker takes them.
            """)

    @OptionGroup var database: DatabaseOptions

    @OptionGroup var format: JSONOutputOptions

    func run() async throws {
        let status = try await database.open().photoIndex.status(now: Date(), rateWindow: 60, failures: 5)
        if format.json {
            printJSON(PhotoIndexStatusJSON(status))
            return
        }
        print("\(status.done) of \(status.total) photos done, \(status.pending) pending, \(status.leased) leased"
            + (status.expired > 0 ? ", \(status.expired) with expired leases" : "") + ", \(status.failed) failed.")
        print(String(format: "Rate over the last %.0f s: %.2f photos/s.", status.rateWindow, status.photosPerSecond))
        for worker in status.workers { print("  \(worker.name): \(worker.leased) leased") }
        for failure in status.recentFailures { print("  failed: \(failure.path): \(failure.message)") }
    }
}
