// BenchmarkReport: what `sightline-lab bench --json` prints — the machine, the reference runtimes
// (version and precision), the runs a side, every result and the top-5 each side found for the
// 12 MP JPEG — one JSON object, written by Presentation's one encoder like every other `--json`
// output.
import SightlinePresentation

struct BenchmarkReport: JSONAnswer {
    let machine: MachineDescription
    let runtimes: [BenchmarkRuntime]
    let runs: Int
    let results: [BenchmarkResult]
    let endToEndTop5: [ClassifierBenchmark.EndToEndTop5]

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: BenchmarkKey.self)
        try container.encode(machine, forKey: "machine")
        var references = container.nestedContainer(keyedBy: BenchmarkKey.self, forKey: "runtimes")
        for runtime in runtimes { try references.encode(runtime, forKey: BenchmarkKey(runtime.runtime.rawValue)) }
        try container.encode(runs, forKey: "runs")
        try container.encode(results, forKey: "results")
        try container.encode(endToEndTop5, forKey: "end_to_end_top5")
    }
}
