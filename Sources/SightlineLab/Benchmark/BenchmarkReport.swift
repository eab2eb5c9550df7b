// BenchmarkReport: what `sightline-lab bench --json` prints — the machine, the runs a side, every
// result and the top-5 each side found for the 12 MP JPEG — one JSON object, written by
// Presentation's one encoder like every other `--json` output.
import SightlinePresentation

struct BenchmarkReport: JSONAnswer {
    let machine: MachineDescription
    let runs: Int
    let results: [BenchmarkResult]
    let endToEndTop5: [ClassifierBenchmark.EndToEndTop5]

    private enum CodingKeys: String, CodingKey {
        case machine, runs, results, endToEndTop5 = "end_to_end_top5"
    }
}
