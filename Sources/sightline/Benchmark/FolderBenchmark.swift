// FolderBenchmark: a folder of photos classified by whole processes, as a user would run them
// — `sightline classify --json DIR` (this executable, output discarded) against the Python +
// Pillow (draft) + ONNX Runtime loop of ort_bench.py classify over the same folder, with the
// same model and thread count. Gives the throughput figure (wall time from start to exit,
// model loading included) and the peak resident memory of each process while classifying one
// photo at a time (the Python loop always does; Sightline is run again with --batch-size 1).
import Foundation
import SightlinePresentation

struct FolderBenchmark {
    let repository: Repository
    /// The model as given to `sightline classify --model`.
    let model: String
    /// The model's short name for result names ("lite0").
    let modelName: String
    let modelURL: URL
    let folder: URL
    let photoCount: Int

    /// Runs the three processes once each and returns the throughput and memory results.
    func results(threads: Int, progress: (String) -> Void) throws -> [BenchmarkResult] {
        let sightline = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let classify = [sightline, "classify", "--json", "--model", model, "--threads", "\(threads)", folder.path]
        let reference = ONNXRuntimeReference(repository: repository, modelURL: modelURL, threads: threads)

        progress("\(modelName), \(threads) thread(s), \(photoCount) photos: sightline classify")
        let sightlineRun = try ProcessMeasurement.run(classify)
        progress("\(modelName), \(threads) thread(s), \(photoCount) photos: Python + Pillow + ONNX Runtime")
        let referenceRun = try ProcessMeasurement.run(reference.classifyCommand(folder: folder))
        progress("\(modelName), \(threads) thread(s), \(photoCount) photos: sightline classify --batch-size 1")
        let oneAtATime = try ProcessMeasurement.run(classify + ["--batch-size", "1"])

        return [
            BenchmarkResult(
                name: "\(modelName)-folder-\(photoCount)-t\(threads)", measure: "folder of \(photoCount) photos, whole process",
                unit: .milliseconds, sightline: sightlineRun.wallMilliseconds, reference: referenceRun.wallMilliseconds,
                imagesPerRun: photoCount,
                details: [("throughput_ratio", .number(referenceRun.wallMilliseconds / sightlineRun.wallMilliseconds, digits: 3)),
                          ("sightline_cpu_ms", .number(sightlineRun.cpuMilliseconds, digits: 1)),
                          ("reference_cpu_ms", .number(referenceRun.cpuMilliseconds, digits: 1)),
                          ("sightline_peak_mb", .number(sightlineRun.peakResidentMegabytes, digits: 1))]),
            BenchmarkResult(
                name: "\(modelName)-peak-memory-b1-t\(threads)", measure: "peak resident memory, classifying, batch 1",
                unit: .megabytes, sightline: oneAtATime.peakResidentMegabytes, reference: referenceRun.peakResidentMegabytes,
                details: [("photos", .integer(photoCount)),
                          ("sightline_ms", .number(oneAtATime.wallMilliseconds, digits: 1))]),
        ]
    }
}
