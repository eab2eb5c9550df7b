// ReferenceTimer: a reference runtime (ONNX Runtime, or OpenVINO) and the Python + Pillow
// (draft) pipeline on it, kept running in its script's `serve` mode on one model and one thread
// count, timing blocks of runs on request — a reference side of `sightline-lab bench`'s
// alternating measurements.
import Foundation
import SightlineCommandSupport

final class ReferenceTimer {
    /// A stage of the Python pipeline (`ort_bench.py pipeline`).
    enum PipelineStage: String {
        /// The JPEG file to its top-5.
        case whole
        /// The JPEG file to the input tensor.
        case prepare
        /// The network, softmax and top-5 on the last prepared tensor.
        case inference
    }

    let runtime: ReferenceRuntime
    /// The runtime's version, as its script reports it.
    let version: String
    /// The precision the runtime computes in: "f32" for ONNX Runtime; OpenVINO's own choice for
    /// this CPU ("f32", or "bf16" on a CPU with bfloat16 instructions).
    let precision: String
    private let conversation: ScriptConversation

    /// Starts `runtime`'s script on the model and thread count and waits until it is ready.
    init(_ runtime: ReferenceRuntime, repository: Repository, modelURL: URL, threads: Int) throws {
        self.runtime = runtime
        conversation = try ScriptConversation(
            script: PythonScript(repository: repository, path: runtime.scriptPath),
            arguments: ["serve", "--model", modelURL.path, "--threads", "\(threads)"])
        let greeting = try conversation.receive()
        guard greeting["ready"] as? Bool == true, let version = greeting[runtime.rawValue] as? String else {
            throw Self.invalidAnswer("its greeting is not {\"ready\": true, \"\(runtime.rawValue)\": …}", runtime: runtime)
        }
        self.version = version
        precision = greeting["precision"] as? String ?? "f32"
    }

    /// `warmup` untimed, then `runs` timed runs of the model on a random [batch, …] input (the
    /// same values for every request with this batch); the timed ones in milliseconds.
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
                guard let index = entry["index"] as? Int else { throw Self.invalidAnswer("a top5 entry has no index", runtime: runtime) }
                return index
            }
        }
        return (try milliseconds(in: answer), top5)
    }

    /// Ends the script.
    func close() { conversation.close() }

    private func milliseconds(in answer: [String: Any]) throws -> [Double] {
        guard let durations = answer["ms"] as? [Double] else { throw Self.invalidAnswer("it has no ms list", runtime: runtime) }
        return durations
    }

    private static func invalidAnswer(_ problem: String, runtime: ReferenceRuntime) -> CommandFailure {
        CommandFailure("\(runtime.scriptPath) serve answered something unexpected (\(problem)); "
            + "check that the repository and its .venv are up to date (`make setup`).")
    }
}
