// ClassifierBenchmark: one classification model with one thread count, Sightline against ONNX
// Runtime (FP32, the reference) and OpenVINO (its default precision on this CPU) — the engine
// alone on batches of 1 (latency), 8 and 32 (throughput), the 12 MP JPEG end to end against
// Python + Pillow (draft) + each runtime (with the two stages also timed alone), and the
// achieved GFLOP/s of the batch-1 runs against the machine's peak. Every figure alternates
// blocks of runs among the three (AlternatingRuns).
import Foundation
import SightlineCommandSupport
import SightlineEngine
import SightlineImaging
import SightlineVision

struct ClassifierBenchmark {
    static let batchSizes = [1, 8, 32]
    static let warmupRuns = 5
    /// Each side's timed runs of a measurement add up to at least this (AlternatingRuns), up to
    /// `maximumRunsFactor` × --runs runs: the batch-1 and end-to-end figures take 100–300 runs.
    static let minimumMillisecondsPerSide = 3000.0
    static let maximumRunsFactor = 10

    /// The top-5 class indices each side found for the 12 MP JPEG.
    struct EndToEndTop5: Encodable {
        let model: String
        let threads: Int
        let sightline: [Int]
        let reference: [Int]
        let openVINO: [Int]

        private enum CodingKeys: String, CodingKey {
            case model, threads, sightline, reference, openVINO = "openvino"
        }
    }

    /// What one model and thread count measured: the results, the top-5s of the 12 MP JPEG and
    /// the reference runtimes as they ran (versions and precisions).
    struct Measurement {
        let results: [BenchmarkResult]
        let top5: EndToEndTop5
        let runtimes: [BenchmarkRuntime]
    }

    let repository: Repository
    let installed: InstalledModel
    /// The model's multiply-adds per image.
    let multiplyAdds: MultiplyAddCount
    let machine: MachineDescription
    /// The 12 MP JPEG (see BenchmarkPhoto).
    let photo: URL
    let runs: Int

    func results(threads: Int, progress: (String) -> Void) throws -> Measurement {
        let classifier = try ImageClassifier(model: installed, options: InferenceOptions(threads: threads))
        let reference = try ReferenceTimer(.onnxRuntime, repository: repository, modelURL: installed.modelURL, threads: threads)
        defer { reference.close() }
        let openVINO = try ReferenceTimer(.openVINO, repository: repository, modelURL: installed.modelURL, threads: threads)
        defer { openVINO.close() }
        let sampleInput = try classifier.inputValues(forImageAt: repository.url(BenchmarkPhoto.samplePath))
        let schedule = AlternatingRuns(runs: runs, warmup: Self.warmupRuns, minimumMilliseconds: Self.minimumMillisecondsPerSide,
                                       maximumRuns: Self.maximumRunsFactor * runs)
        /// Sightline's runs, then each reference's blocks; the medians in that order.
        func medians(_ sightlineRun: @escaping () throws -> Void,
                     _ referenceSide: @escaping (ReferenceTimer) -> AlternatingRuns.Side) throws -> [Double] {
            let sightline: AlternatingRuns.Side = { timed, untimed in
                try Stopwatch.milliseconds(runs: timed, warmup: untimed, sightlineRun)
            }
            return try schedule.measure(sides: [sightline, referenceSide(reference), referenceSide(openVINO)]).map(Median.of)
        }
        var results: [BenchmarkResult] = []
        for batch in Self.batchSizes {
            progress("\(installed.name), \(threads) thread(s), batch \(batch)")
            let input = Tensor(shape: classifier.preprocessing.tensorShape(batchSize: batch),
                               floats: Array([[Float]](repeating: sampleInput, count: batch).joined()))
            let feed = [classifier.inputName: input]
            let times = try medians({ _ = try classifier.session.run(feed) }) { timer in
                { timed, untimed in try timer.engineMilliseconds(batch: batch, runs: timed, warmup: untimed) }
            }
            results.append(BenchmarkResult(
                name: "\(installed.name)-b\(batch)-t\(threads)", measure: batch == 1 ? "batch-1 latency" : "batch of \(batch)",
                unit: .milliseconds, sightline: times[0], reference: times[1], openVINO: times[2], imagesPerRun: batch))
        }
        results.append(efficiency(of: results[0], threads: threads))  // batchSizes starts with 1

        progress("\(installed.name), \(threads) thread(s), 12 MP JPEG end to end")
        var top5: [Int] = []
        var referenceTop5: [ReferenceRuntime: [Int]] = [:]
        let whole = try medians({ top5 = try classifier.classify(imageAt: photo, top: 5).observations.map(\.index) }) { timer in
            { timed, untimed in
                let block = try timer.pipelineMilliseconds(.whole, image: photo, runs: timed, warmup: untimed)
                referenceTop5[timer.runtime] = block.top5 ?? []
                return block.milliseconds
            }
        }
        // The two stages alone, as the references time them: the file to the input tensor, then
        // the network and the ranking on that tensor (back to back, so with the threads awake).
        var prepared: [Float] = []
        let prepare = try medians({ prepared = try classifier.inputValues(forImageAt: photo) }) { timer in
            { timed, untimed in try timer.pipelineMilliseconds(.prepare, image: photo, runs: timed, warmup: untimed).milliseconds }
        }
        let inference = try medians({ _ = try classifier.classify(preparedBatch: prepared, imageCount: 1, top: 5) }) { timer in
            { timed, untimed in try timer.pipelineMilliseconds(.inference, image: photo, runs: timed, warmup: untimed).milliseconds }
        }
        let stages = zip(prepare, inference).map { BenchmarkDetails.Stages(prepare: $0, inference: $1) }
        func note(_ stages: BenchmarkDetails.Stages) -> String {
            String(format: "file→tensor %.1f, run %.1f", stages.prepare, stages.inference)
        }
        results.append(BenchmarkResult(
            name: "\(installed.name)-e2e-12mp-t\(threads)", measure: "12 MP JPEG to top-5", unit: .milliseconds,
            sightline: whole[0], reference: whole[1], openVINO: whole[2], imagesPerRun: 1,
            details: .endToEnd(sightline: stages[0], reference: stages[1], openVINO: stages[2]),
            sightlineNote: note(stages[0]), referenceNote: note(stages[1]), openVINONote: note(stages[2])))
        return Measurement(
            results: results,
            top5: EndToEndTop5(model: installed.name, threads: threads, sightline: top5,
                               reference: referenceTop5[.onnxRuntime] ?? [], openVINO: referenceTop5[.openVINO] ?? []),
            runtimes: [reference, openVINO].map { BenchmarkRuntime(runtime: $0.runtime, version: $0.version, precision: $0.precision) })
    }

    /// The GFLOP/s the engines achieved in the batch-1 `latency` result, and their share of the
    /// peak of the cores `threads` threads can use.
    private func efficiency(of latency: BenchmarkResult, threads: Int) -> BenchmarkResult {
        func gigaflops(_ milliseconds: Double) -> Double { Double(multiplyAdds.flops) / (milliseconds * 1e6) }
        let peak = machine.peakGFLOPS(cores: threads)
        let sightline = gigaflops(latency.sightline), reference = gigaflops(latency.reference)
        let openVINO = latency.openVINO.map(gigaflops)
        return BenchmarkResult(
            name: "\(installed.name)-efficiency-b1-t\(threads)", measure: "batch-1 GFLOP/s against FP32 peak",
            unit: .gigaflopsPerSecond, sightline: sightline, reference: reference, openVINO: openVINO,
            details: .efficiency(multiplyAdds: multiplyAdds.total,
                                 byKind: MultiplyAddCount.Kind.allCases.compactMap { kind in
                                     multiplyAdds.byKind[kind].map { (kind.rawValue, $0) }
                                 },
                                 peakGFLOPS: peak, sightlineOfPeak: sightline / peak, referenceOfPeak: reference / peak,
                                 openVINOOfPeak: openVINO.map { $0 / peak }),
            sightlineNote: String(format: "%.0f %% of %.1f peak", 100 * sightline / peak, peak),
            referenceNote: String(format: "%.0f %% of peak", 100 * reference / peak),
            openVINONote: openVINO.map { String(format: "%.0f %% of peak", 100 * $0 / peak) })
    }
}
