// ClassifierBenchmark: one classification model with one thread count, Sightline against ONNX
// Runtime — the engine alone on batches of 1 (latency), 8 and 32 (throughput), the 12 MP JPEG
// end to end against Python + Pillow (draft) + ONNX Runtime (with its two stages also timed
// alone), and the achieved GFLOP/s of the batch-1 runs against the machine's peak. Every
// figure alternates blocks of runs between the two (AlternatingRuns).
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
    }

    let repository: Repository
    let installed: InstalledModel
    /// The model's multiply-adds per image.
    let multiplyAdds: MultiplyAddCount
    let machine: MachineDescription
    /// The 12 MP JPEG (see BenchmarkPhoto).
    let photo: URL
    let runs: Int

    func results(threads: Int, progress: (String) -> Void) throws -> (results: [BenchmarkResult], top5: EndToEndTop5) {
        let classifier = try ImageClassifier(model: installed, options: InferenceOptions(threads: threads))
        let reference = try ONNXRuntimeTimer(reference: ONNXRuntimeReference(repository: repository, modelURL: installed.modelURL,
                                                                             threads: threads))
        defer { reference.close() }
        let sampleInput = try classifier.inputValues(forImageAt: repository.url(BenchmarkPhoto.samplePath))
        let schedule = AlternatingRuns(runs: runs, warmup: Self.warmupRuns, minimumMilliseconds: Self.minimumMillisecondsPerSide,
                                       maximumRuns: Self.maximumRunsFactor * runs)
        var results: [BenchmarkResult] = []
        for batch in Self.batchSizes {
            progress("\(installed.name), \(threads) thread(s), batch \(batch)")
            let input = Tensor(shape: classifier.preprocessing.tensorShape(batchSize: batch),
                               floats: Array([[Float]](repeating: sampleInput, count: batch).joined()))
            let feed = [classifier.inputName: input]
            let times = try schedule.measure(
                sightlineRun: { _ = try classifier.session.run(feed) },
                reference: { timed, untimed in try reference.engineMilliseconds(batch: batch, runs: timed, warmup: untimed) })
            results.append(BenchmarkResult(
                name: "\(installed.name)-b\(batch)-t\(threads)", measure: batch == 1 ? "batch-1 latency" : "batch of \(batch)",
                unit: .milliseconds, sightline: Median.of(times.sightline), reference: Median.of(times.reference),
                imagesPerRun: batch))
        }
        results.append(efficiency(of: results[0], threads: threads))  // batchSizes starts with 1

        progress("\(installed.name), \(threads) thread(s), 12 MP JPEG end to end")
        var top5: [Int] = [], referenceTop5: [Int] = []
        let whole = try schedule.measure(
            sightlineRun: { top5 = try classifier.classify(imageAt: photo, top: 5).observations.map(\.index) },
            reference: { timed, untimed in
                let block = try reference.pipelineMilliseconds(.whole, image: photo, runs: timed, warmup: untimed)
                referenceTop5 = block.top5 ?? []
                return block.milliseconds
            })
        // The two stages alone, as the reference times them: the file to the input tensor, then
        // the network and the ranking on that tensor (back to back, so with the threads awake).
        var prepared: [Float] = []
        let prepare = try schedule.measure(
            sightlineRun: { prepared = try classifier.inputValues(forImageAt: photo) },
            reference: { timed, untimed in
                try reference.pipelineMilliseconds(.prepare, image: photo, runs: timed, warmup: untimed).milliseconds
            })
        let inference = try schedule.measure(
            sightlineRun: { _ = try classifier.classify(preparedBatch: prepared, imageCount: 1, top: 5) },
            reference: { timed, untimed in
                try reference.pipelineMilliseconds(.inference, image: photo, runs: timed, warmup: untimed).milliseconds
            })
        let stageMedians = (sightline: (Median.of(prepare.sightline), Median.of(inference.sightline)),
                            reference: (Median.of(prepare.reference), Median.of(inference.reference)))
        results.append(BenchmarkResult(
            name: "\(installed.name)-e2e-12mp-t\(threads)", measure: "12 MP JPEG to top-5", unit: .milliseconds,
            sightline: Median.of(whole.sightline), reference: Median.of(whole.reference), imagesPerRun: 1,
            details: .endToEnd(sightline: .init(prepare: stageMedians.sightline.0, inference: stageMedians.sightline.1),
                               reference: .init(prepare: stageMedians.reference.0, inference: stageMedians.reference.1)),
            sightlineNote: String(format: "file→tensor %.1f, run %.1f", stageMedians.sightline.0, stageMedians.sightline.1),
            referenceNote: String(format: "file→tensor %.1f, run %.1f", stageMedians.reference.0, stageMedians.reference.1)))
        return (results, EndToEndTop5(model: installed.name, threads: threads, sightline: top5, reference: referenceTop5))
    }

    /// The GFLOP/s both engines achieved in the batch-1 `latency` result, and their share of
    /// the peak of the cores `threads` threads can use.
    private func efficiency(of latency: BenchmarkResult, threads: Int) -> BenchmarkResult {
        func gigaflops(_ milliseconds: Double) -> Double { Double(multiplyAdds.flops) / (milliseconds * 1e6) }
        let peak = machine.peakGFLOPS(cores: threads)
        let sightline = gigaflops(latency.sightline), reference = gigaflops(latency.reference)
        return BenchmarkResult(
            name: "\(installed.name)-efficiency-b1-t\(threads)", measure: "batch-1 GFLOP/s against FP32 peak",
            unit: .gigaflopsPerSecond, sightline: sightline, reference: reference,
            details: .efficiency(multiplyAdds: multiplyAdds.total,
                                 byKind: MultiplyAddCount.Kind.allCases.compactMap { kind in
                                     multiplyAdds.byKind[kind].map { (kind.rawValue, $0) }
                                 },
                                 peakGFLOPS: peak, sightlineOfPeak: sightline / peak, referenceOfPeak: reference / peak),
            sightlineNote: String(format: "%.0f %% of %.1f peak", 100 * sightline / peak, peak),
            referenceNote: String(format: "%.0f %% of peak", 100 * reference / peak))
    }
}
