// ONNXRuntimeTimer: ONNX Runtime and the Python + Pillow (draft) pipeline kept running in
// `ort_bench.py serve` on one session (one model, one thread count), timing blocks of runs on
// request — the reference side of `sightline-lab bench`'s alternating measurements.
import Foundation
import SightlineCommandSupport

final class ONNXRuntimeTimer {
    /// A stage of the Python pipeline (`ort_bench.py pipeline`).
    enum PipelineStage: String {
        /// The JPEG file to its top-5.
        case whole
        /// The JPEG file to the input tensor.
        case prepare
        /// The network, softmax and top-5 on the last prepared tensor.
        case inference
    }

    /// The ONNX Runtime version the script runs.
    let version: String
    private let conversation: ScriptConversation

    /// Starts the script on `reference`'s model and thread count and waits until its session
    /// is ready.
    init(reference: ONNXRuntimeReference) throws {
        conversation = try ScriptConversation(
            script: reference.script,
            arguments: ["serve", "--model", reference.modelURL.path, "--threads", "\(reference.threads)"])
        let greeting = try conversation.receive()
        guard greeting["ready"] as? Bool == true, let version = greeting["onnxruntime"] as? String else {
            throw Self.invalidAnswer("its greeting is not {\"ready\": true, \"onnxruntime\": …}")
        }
        self.version = version
    }

    /// `warmup` untimed, then `runs` timed calls of `session.run` on a random [batch, …] input
    /// (the same values for every request with this batch); the timed ones in milliseconds.
    func engineMilliseconds(batch: Int, runs: Int, warmup: Int) throws -> [Double] {
        try milliseconds(in: conversation.ask(["mode": "engine", "batch": batch, "runs": runs, "warmup": warmup]))
    }

    /// `warmup` untimed, then `runs` timed runs of one pipeline stage on the JPEG `image`; the
    /// timed ones in milliseconds and the top-5 class indices of the last run (if it ranked).
    func pipelineMilliseconds(_ stage: PipelineStage, image: URL, runs: Int, warmup: Int) throws
        -> (milliseconds: [Double], top5: [Int]?) {
        let answer = try conversation.ask(["mode": "pipeline", "stage": stage.rawValue, "image": image.path, "runs": runs, "warmup": warmup])
        let top5 = try (answer["top5"] as? [[String: Any]]).map { entries in
            try entries.map { entry in
                guard let index = entry["index"] as? Int else { throw Self.invalidAnswer("a top5 entry has no index") }
                return index
            }
        }
        return (try milliseconds(in: answer), top5)
    }

    /// Ends the script.
    func close() { conversation.close() }

    private func milliseconds(in answer: [String: Any]) throws -> [Double] {
        try ONNXRuntimeReference.milliseconds(in: answer, mode: "serve")
    }

    private static func invalidAnswer(_ problem: String) -> CommandFailure {
        ONNXRuntimeReference.invalidAnswer(problem, mode: "serve")
    }
}
