// ONNXRuntimeReference: the repository's scripts/reference/ort_bench.py (Python + ONNX Runtime)
// driven from Swift — the reference that `bench` and `evaluate-imagenet --reference` compare
// Sightline with. ONNX Runtime is never used to produce Sightline's own answers.
import Foundation
import SightlineCommandSupport

struct ONNXRuntimeReference {
    static let scriptPath = "scripts/reference/ort_bench.py"

    let script: PythonScript
    let modelURL: URL
    let threads: Int

    init(repository: Repository, modelURL: URL, threads: Int) {
        script = PythonScript(repository: repository, path: Self.scriptPath)
        self.modelURL = modelURL
        self.threads = threads
    }

    /// ONNX Runtime's mean kernel time per executed node of its optimised graph, in order, from
    /// its profiler, over `runs` calls of `session.run` on a random [batch, …] input.
    func profile(batch: Int, runs: Int) throws -> [(name: String, op: String, milliseconds: Double)] {
        let result = try run(["profile", "--batch", "\(batch)", "--runs", "\(runs)"])
        guard let nodes = result["nodes"] as? [[String: Any]] else { throw invalidOutput("it has no nodes list") }
        return try nodes.map { node in
            guard let name = node["name"] as? String, let op = node["op"] as? String, let time = node["ms"] as? Double else {
                throw invalidOutput("a nodes entry has no name, op and ms")
            }
            return (name, op, time)
        }
    }

    /// The model's output `name` for the float32 tensor stored in the `.npy` file `input`, as
    /// (shape, values).
    func output(_ name: String, forTensorAt input: URL) throws -> (shape: [Int], values: [Float]) {
        let result = try run(["logits", "--input", input.path])
        guard let outputs = result["outputs"] as? [String: Any], let output = outputs[name] as? [String: Any],
              let shape = output["shape"] as? [Int], let values = output["values"] as? [Double] else {
            throw invalidOutput("it has no output '\(name)' with a shape and values")
        }
        return (shape, values.map(Float.init))
    }

    private func run(_ arguments: [String]) throws -> [String: Any] {
        let printed = try script.runCapturingOutput(arguments + ["--model", modelURL.path, "--threads", "\(threads)"], quiet: true)
        guard let object = try? JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: Any] else {
            throw invalidOutput("it is not a JSON object: \(printed.prefix(200))")
        }
        return object
    }

    /// The durations of a served script's answer (`ms`, milliseconds).
    static func milliseconds(in answer: [String: Any], mode: String) throws -> [Double] {
        guard let durations = answer["ms"] as? [Double] else { throw invalidAnswer("it has no ms list", mode: mode) }
        return durations
    }

    /// The error for a served script's answer (`ort_bench.py <mode>`) that lacks what it should hold.
    static func invalidAnswer(_ problem: String, mode: String) -> CommandFailure {
        CommandFailure("\(scriptPath) \(mode) answered something unexpected (\(problem)); "
            + "check that the repository and its .venv are up to date (`make setup`).")
    }

    private func invalidOutput(_ problem: String) -> CommandFailure {
        CommandFailure("\(Self.scriptPath) printed something unexpected (\(problem)); "
            + "check that the repository and its .venv are up to date (`make setup`).")
    }
}
