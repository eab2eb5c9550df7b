// EngineProfile: `sightline-lab bench --profile` — where each engine's time goes for one classifier
// and thread count. Sightline's median time per executed node (after its load-time passes, so a
// Conv includes its folded BatchNormalization and fused activation or residual Add) next to
// ONNX Runtime's median kernel time per node from its own profiler (`ort_bench.py profile`).
import Foundation
import SightlineCommandSupport
import SightlineEngine
import SightlineImaging
import SightlineVision

struct EngineProfile {
    let repository: Repository
    let installed: InstalledModel
    let threads: Int
    let batch: Int
    let runs: Int

    /// Median milliseconds per node, in execution order, and per operator (the sum of the nodes').
    struct Side {
        let nodes: [(name: String, op: String, milliseconds: Double)]

        var totalMilliseconds: Double { nodes.reduce(0) { $0 + $1.milliseconds } }

        var operators: [(op: String, milliseconds: Double, nodes: Int)] {
            var order: [String] = []
            var totals: [String: (Double, Int)] = [:]
            for node in nodes {
                if totals[node.op] == nil { order.append(node.op) }
                let (time, count) = totals[node.op] ?? (0, 0)
                totals[node.op] = (time + node.milliseconds, count + 1)
            }
            return order.map { ($0, totals[$0]!.0, totals[$0]!.1) }.sorted { $0.milliseconds > $1.milliseconds }
        }
    }

    func measure() throws -> (sightline: Side, reference: Side, runMilliseconds: Double) {
        let classifier = try ImageClassifier(model: installed, options: InferenceOptions(threads: threads))
        let sample = try classifier.inputValues(forImageAt: repository.url(BenchmarkPhoto.samplePath))
        let input = Tensor(shape: classifier.preprocessing.tensorShape(batchSize: batch),
                           floats: Array([[Float]](repeating: sample, count: batch).joined()))
        let feed = [classifier.inputName: input]
        for _ in 0..<ClassifierBenchmark.warmupRuns { _ = try classifier.session.run(feed) }
        let timings = try classifier.session.profile(feed, runs: runs)
        let whole = try Stopwatch.milliseconds(runs: runs, warmup: 0) { _ = try classifier.session.run(feed) }
        let reference = ONNXRuntimeReference(repository: repository, modelURL: installed.modelURL, threads: threads)
        return (Side(nodes: timings.map { ($0.node, $0.op, $0.milliseconds) }),
                Side(nodes: try reference.profile(batch: batch, runs: runs)), Median.of(whole))
    }

    /// Both sides' operators and totals, then each side's nodes in execution order.
    func report() throws -> String {
        let (sightline, reference, run) = try measure()
        func cell(_ milliseconds: Double) -> String { String(format: "%.3f ms", milliseconds) }
        var lines = ["\(installed.name), batch \(batch), \(threads) thread(s), median of \(runs) runs per node:",
                     "Sightline \(cell(sightline.totalMilliseconds)) in \(sightline.nodes.count) nodes; "
                        + "ONNX Runtime \(cell(reference.totalMilliseconds)) in \(reference.nodes.count) nodes",
                     "Sightline's whole InferenceSession.run without the profiler: \(cell(run)) (median)", ""]
        for (title, side) in [("Sightline", sightline), ("ONNX Runtime", reference)] {
            lines.append(TextTable(header: ["\(title.uppercased()) OPERATOR", "NODES", "TIME", "SHARE"], rows: side.operators.map {
                [$0.op, "\($0.nodes)", cell($0.milliseconds), String(format: "%.1f %%", 100 * $0.milliseconds / side.totalMilliseconds)]
            }).rendered)
            lines.append("")
        }
        for (title, side) in [("Sightline", sightline), ("ONNX Runtime", reference)] {
            lines.append(TextTable(header: ["#", "\(title.uppercased()) NODE", "OPERATOR", "TIME"], rows: side.nodes.enumerated().map {
                ["\($0.offset + 1)", $0.element.name, $0.element.op, cell($0.element.milliseconds)]
            }).rendered)
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }
}
