// BenchCommand: `sightline bench` — times Sightline's engine and whole photo pipeline against
// ONNX Runtime (Python) on the same ONNX file with the same thread counts, side by side.
import ArgumentParser
import Foundation
import SightlineEngine
import SightlineImaging
import SightlinePresentation
import SightlineVision

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time Sightline against ONNX Runtime on the same model.",
        discussion: """
            For each thread count (1 and 2 by default), both engines run the model on a batch \
            of 1 (latency), 8 and 32 (throughput); then both classify a 12-megapixel JPEG end \
            to end (read, decode at reduced scale, resize, crop, normalise, run, top-5) — \
            Sightline against Python + Pillow (with draft) + ONNX Runtime. Every figure is the \
            median of --runs timed runs after warm-up runs.

            ratio = Sightline's time / ONNX Runtime's time: below 1 means Sightline is faster. \
            For batches, the time is per batch, so the same ratio also compares throughput.

            ONNX Runtime runs through scripts/reference/ort_bench.py with the repository's \
            .venv (`make setup`). The 12 MP JPEG is made at bench time from \(BenchmarkPhoto.samplePath).
            """)

    @Option(help: "The model: lite0, lite1, lite2, an installed model's full name, or an .onnx path with a manifest.json next to it.")
    var model = "lite0"

    @Option(help: "Timed runs per measurement; the median is reported.")
    var runs = 30

    @Option(name: .customLong("threads"), parsing: .upToNextOption, help: "Thread counts to measure with.")
    var threadCounts: [Int] = [1, 2]

    @Flag(help: "Print one JSON object instead of a table.")
    var json = false

    static let batchSizes = [1, 8, 32]
    static let warmupRuns = 5

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1, got \(runs).") }
        guard !threadCounts.isEmpty, threadCounts.allSatisfy({ $0 >= 1 }) else {
            throw ValidationError("--threads needs one or more thread counts of at least 1.")
        }
    }

    func run() throws {
        let repository = try Repository.locate()
        let installed = try ModelStore().model(model)
        let workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("sightline-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: workDirectory) }
        let photo = try BenchmarkPhoto.make(repository: repository, in: workDirectory)

        var results: [BenchmarkResult] = []
        var endToEndTop5: [(threads: Int, sightline: [Int], reference: [Int])] = []
        let labels = installed.manifest.labels
        for threads in threadCounts {
            let classifier = try ImageClassifier(model: installed, options: SessionOptions(threads: threads))
            let reference = ONNXRuntimeReference(repository: repository, modelURL: installed.modelURL, threads: threads)
            let sampleInput = try classifier.inputValues(forImageAt: repository.url(BenchmarkPhoto.samplePath))
            for batch in Self.batchSizes {
                report("\(installed.name), \(threads) thread(s), batch \(batch)")
                let input = Tensor(shape: classifier.preprocessing.tensorShape(batchSize: batch),
                                   floats: Array([[Float]](repeating: sampleInput, count: batch).joined()))
                let feed = [classifier.inputName: input]
                let sightline = try Stopwatch.milliseconds(runs: runs, warmup: Self.warmupRuns) {
                    _ = try classifier.session.run(feed)
                }
                results.append(BenchmarkResult(
                    name: "\(installed.name)-b\(batch)-t\(threads)",
                    measure: batch == 1 ? "batch-1 latency" : "batch of \(batch)", imagesPerRun: batch,
                    sightlineMilliseconds: Median.of(sightline),
                    referenceMilliseconds: try reference.engineMilliseconds(batch: batch, runs: runs)))
            }
            report("\(installed.name), \(threads) thread(s), 12 MP JPEG end to end")
            var top5: [Int] = []
            let sightline = try Stopwatch.milliseconds(runs: runs, warmup: Self.warmupRuns) {
                top5 = try classifier.classify(imageAt: photo, top: 5).observations.map(\.index)
            }
            let pipeline = try reference.pipeline(image: photo, runs: runs)
            results.append(BenchmarkResult(
                name: "\(installed.name)-e2e-12mp-t\(threads)", measure: "12 MP JPEG to top-5", imagesPerRun: 1,
                sightlineMilliseconds: Median.of(sightline), referenceMilliseconds: pipeline.milliseconds))
            endToEndTop5.append((threads, top5, pipeline.top5))
        }
        if StandardError.isTerminal { StandardError.write("\r\u{1B}[K") }

        let machine = MachineDescription.current()
        if json {
            print(JSONLine.object([
                ("machine", .object([("cpu", .string(machine.cpu)), ("cores", .integer(machine.cores)), ("isa", .string(machine.isa))])),
                ("runs", .integer(runs)),
                ("results", .array(results.map(\.json))),
                ("end_to_end_top5", .array(endToEndTop5.map { entry in
                    .object([("threads", .integer(entry.threads)),
                             ("sightline", .array(entry.sightline.map { .integer($0) })),
                             ("reference", .array(entry.reference.map { .integer($0) }))])
                })),
            ]).text)
            return
        }
        print("Sightline vs ONNX Runtime: \(installed.name) on \(machine.cpu), \(machine.cores) cores (\(machine.isa)); "
            + "median of \(runs) runs.")
        print("ratio = Sightline time / ONNX Runtime time (below 1: Sightline is faster).\n")
        let rows = results.map { result -> [String] in
            [result.name, result.measure, Self.describe(result.sightlineMilliseconds, images: result.imagesPerRun),
             Self.describe(result.referenceMilliseconds, images: result.imagesPerRun), String(format: "%.2f", result.ratio)]
        }
        print(TextTable(header: ["NAME", "MEASURE", "SIGHTLINE", "ONNX RUNTIME", "RATIO"], rows: rows).rendered)
        print("")
        for entry in endToEndTop5 {
            let same = entry.sightline == entry.reference ? "same" : "DIFFERENT"
            print("12 MP JPEG top-5 with \(entry.threads) thread(s), \(same): Sightline "
                + Self.names(entry.sightline, labels) + "; ONNX Runtime " + Self.names(entry.reference, labels))
        }
    }

    /// "7.91 ms" for one image; "63.2 ms (126.6 images/s)" for a batch.
    private static func describe(_ milliseconds: Double, images: Int) -> String {
        let time = String(format: "%.2f ms", milliseconds)
        guard images > 1 else { return time }
        return time + String(format: " (%.1f images/s)", Double(images) * 1000 / milliseconds)
    }

    private static func names(_ indices: [Int], _ labels: [String]) -> String {
        "[" + indices.map { $0 < labels.count ? labels[$0] : "class \($0)" }.joined(separator: ", ") + "]"
    }

    /// Shows which measurement is running, on stderr when it is a terminal.
    private func report(_ step: String) {
        if StandardError.isTerminal { StandardError.write("\r\u{1B}[Kmeasuring \(step)…") }
    }
}
