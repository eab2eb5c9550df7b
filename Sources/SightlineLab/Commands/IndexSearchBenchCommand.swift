// IndexSearchBenchCommand: `sightline-lab index-search` — how fast the photo index answers a
// search by label as it grows: fills an empty index with N photos, each with five ImageNet labels
// and their categories (through the store's own add, claim and record, as `index work` records
// them), then times `search` for words of labels and categories and reports p50, p95 and the
// slowest, on SQLite or on PostgreSQL (`--database`).
package import ArgumentParser
import Foundation
import SightlineApps
import SightlineStore
import SightlineTraining

package struct IndexSearchBenchCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "index-search",
        abstract: "Time searches by label over a photo index of N photos.",
        discussion: """
            --database is an empty PostgreSQL database (postgres://…) or a folder for a new SQLite \
            file (default: a new temporary folder, removed afterwards). The photos are synthetic \
            rows — paths, hashes and five labels drawn from the 1000 ImageNet classes with a fixed \
            seed — so no photo is read; each search asks for 50 matches.
            """)

    @Option(help: ArgumentHelp("An empty database: a postgres:// URL or a folder for the SQLite file.", valueName: "url-or-folder"))
    var database: String?

    @Option(help: "Photos in the index.")
    var photos = 100_000

    @Option(help: "Searches to time (after 10 untimed ones).")
    var searches = 200

    @Option(help: "Seed of the labels drawn.")
    var seed: UInt64 = 1

    package init() {}

    package func validate() throws {
        guard photos >= 1 else { throw ValidationError("--photos must be at least 1, got \(photos).") }
        guard searches >= 1 else { throw ValidationError("--searches must be at least 1, got \(searches).") }
    }

    package func run() async throws {
        let temporary = database == nil
            ? FileManager.default.temporaryDirectory.appendingPathComponent("sightline-index-search-\(UUID().uuidString)")
            : nil
        defer { if let temporary { try? FileManager.default.removeItem(at: temporary) } }
        let location = try StoreLocation.resolve(database: database ?? temporary!.path, environment: [:])
        let store = try await location.open()
        let index = store.photoIndex
        let before = try await index.status(now: Date(), rateWindow: 60, failures: 0)
        guard before.total == 0 else {
            throw ValidationError("The index of \(location) already has \(before.total) photos; give an empty database.")
        }
        let categories = try ObjectCategories.bundled()
        var random = SeededRandomGenerator(seed: seed)
        let fillStart = ContinuousClock.now
        let chunk = 1_000
        for start in stride(from: 0, to: photos, by: chunk) {
            let count = min(chunk, photos - start)
            let files = (start..<start + count).map { number in
                IndexedFile(path: "/library/\(number / 1_000)/\(number).jpg", size: 1_000 + number,
                            modifiedAt: Date(timeIntervalSinceReferenceDate: Double(number)),
                            contentHash: Data((0..<32).map { UInt8(truncatingIfNeeded: number >> ($0 % 4 * 8)) }))
            }
            try await index.add(files, now: Date())
            let jobs = try await index.claim(count: count, worker: "bench", lease: 3_600, now: Date())
            let batch = jobs.map { job -> (job: PhotoJob, findings: PhotoFindings) in
                var confidence = 0.9
                let labels = (0..<5).map { _ -> PhotoFindings.Label in
                    let index = Int(random.next() % UInt64(categories.classLabels.count))
                    defer { confidence /= 3 }
                    return PhotoFindings.Label(label: categories.classLabels[index], category: categories.category(ofClass: index)?.id,
                                               confidence: confidence)
                }
                return (job, PhotoFindings(labels: labels))
            }
            _ = try await index.record(batch, worker: "bench", now: Date())
        }
        let fillSeconds = Self.seconds(ContinuousClock.now - fillStart)

        let words = ["cat", "dog", "car", "banana", "shark", "cats", "vehicles", "food", "tabby", "golden retriever",
                     "mushroom", "guitar", "bird", "zebra", "pizza", "keyboard", "fruit and", "nothing-matches"]
        var timings: [Double] = []
        var matches = 0
        for round in 0..<(10 + searches) {
            let word = words[round % words.count]
            let started = ContinuousClock.now
            let found = try await index.search(word, limit: 50)
            let elapsed = Self.seconds(ContinuousClock.now - started)
            if round >= 10 {
                timings.append(elapsed * 1_000)
                matches += found.count
            }
        }
        try await store.close()
        timings.sort()
        func percentile(_ p: Double) -> Double { timings[min(timings.count - 1, Int((p * Double(timings.count)).rounded(.up)) - 1)] }
        print(String(format: "%@: %d photos (%d labels) filled in %.1f s; %d searches of 50: p50 %.2f ms, p95 %.2f ms, max %.2f ms "
                     + "(%.1f matches on average)",
                     location.description, photos, photos * 5, fillSeconds, timings.count, percentile(0.5), percentile(0.95),
                     timings.last ?? 0, Double(matches) / Double(timings.count)))
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (whole, fraction) = duration.components
        return Double(whole) + Double(fraction) / 1e18
    }
}

