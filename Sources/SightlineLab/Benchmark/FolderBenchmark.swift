// FolderBenchmark: a folder of photos classified by whole processes, as a user would run them
// — `sightline classify --json DIR` (the product built beside this executable, output discarded)
// against the Python + Pillow (draft) loops of ort_bench.py classify (ONNX Runtime) and
// openvino_bench.py classify (OpenVINO) over the same folder, with the same model and thread
// count. Gives the throughput figure (wall time from start to exit, model loading included) and
// the peak resident memory of each process while classifying one photo at a time (the Python
// loops always do; Sightline is run again with --batch-size 1). Each side runs twice, in the
// order Sightline, ONNX Runtime, OpenVINO, OpenVINO, ONNX Runtime, Sightline, and the throughput
// figure is each side's mean: a single run of each, tens of seconds apart, read 1.50–1.96× on
// one day as the host's speed drifted.
import Foundation
import SightlineCommandSupport

struct FolderBenchmark {
    let repository: Repository
    /// The model as given to `sightline classify --model`.
    let model: String
    /// The model's short name for result names ("lite0").
    let modelName: String
    let modelURL: URL
    let folder: URL
    let photoCount: Int

    /// Runs the classifying processes (each side twice, then Sightline one photo at a time) and
    /// returns the throughput and memory results.
    func results(threads: Int, progress: (String) -> Void) throws -> [BenchmarkResult] {
        let sightline = try Self.productExecutable().path
        let classify = [sightline, "classify", "--json", "--model", model, "--threads", "\(threads)", folder.path]
        let sides: [(name: String, command: [String])] = try [("sightline classify", classify)]
            + ReferenceRuntime.allCases.map { runtime in
                ("Python + Pillow + \(runtime.displayName)",
                 try runtime.classifyCommand(repository: repository, modelURL: modelURL, threads: threads, folder: folder))
            }
        var runs = [[ProcessMeasurement]](repeating: [], count: sides.count)
        for round in 1 ... 2 {
            for side in round == 1 ? Array(sides.indices) : sides.indices.reversed() {
                progress("\(modelName), \(threads) thread(s), \(photoCount) photos: \(sides[side].name) (\(round) of 2)")
                runs[side].append(try ProcessMeasurement.run(sides[side].command))
            }
        }
        let (sightlineRuns, referenceRuns, openVINORuns) = (runs[0], runs[1], runs[2])
        progress("\(modelName), \(threads) thread(s), \(photoCount) photos: sightline classify --batch-size 1")
        let oneAtATime = try ProcessMeasurement.run(classify + ["--batch-size", "1"])

        func mean(_ runs: [ProcessMeasurement], _ value: (ProcessMeasurement) -> Double) -> Double {
            runs.map(value).reduce(0, +) / Double(runs.count)
        }
        let sightlineWall = mean(sightlineRuns, \.wallMilliseconds), referenceWall = mean(referenceRuns, \.wallMilliseconds)
        let openVINOWall = mean(openVINORuns, \.wallMilliseconds)
        // Each Python loop's smaller peak of its two runs: the stricter bar for Sightline.
        let referencePeak = referenceRuns.map(\.peakResidentMegabytes).min()!
        let openVINOPeak = openVINORuns.map(\.peakResidentMegabytes).min()!
        return [
            BenchmarkResult(
                name: "\(modelName)-folder-\(photoCount)-t\(threads)", measure: "folder of \(photoCount) photos, whole process",
                unit: .milliseconds, sightline: sightlineWall, reference: referenceWall, openVINO: openVINOWall,
                imagesPerRun: photoCount,
                details: .folder(throughputRatio: referenceWall / sightlineWall,
                                 sightlineRunsMilliseconds: sightlineRuns.map(\.wallMilliseconds),
                                 referenceRunsMilliseconds: referenceRuns.map(\.wallMilliseconds),
                                 openVINORunsMilliseconds: openVINORuns.map(\.wallMilliseconds),
                                 sightlineCPUMilliseconds: mean(sightlineRuns, \.cpuMilliseconds),
                                 referenceCPUMilliseconds: mean(referenceRuns, \.cpuMilliseconds),
                                 openVINOCPUMilliseconds: mean(openVINORuns, \.cpuMilliseconds),
                                 sightlinePeakMegabytes: sightlineRuns.map(\.peakResidentMegabytes).max()!)),
            BenchmarkResult(
                name: "\(modelName)-peak-memory-b1-t\(threads)", measure: "peak resident memory, classifying, batch 1",
                unit: .megabytes, sightline: oneAtATime.peakResidentMegabytes, reference: referencePeak, openVINO: openVINOPeak,
                details: .peakMemory(photos: photoCount, sightlineMilliseconds: oneAtATime.wallMilliseconds)),
        ]
    }

    /// The product's `sightline`, built in the same folder as this `sightline-lab`.
    static func productExecutable() throws -> URL {
        let lab = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let product = lab.deletingLastPathComponent().appendingPathComponent("sightline")
        guard FileManager.default.isExecutableFile(atPath: product.path) else {
            throw CommandFailure("The folder benchmark runs `sightline classify`, but there is no sightline beside "
                + "\(lab.path); build both with `swift build -c release`.")
        }
        return product
    }
}
