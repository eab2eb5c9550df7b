// ONNXRuntimeReference: the repository's scripts/reference/ort_bench.py (Python + ONNX Runtime)
// driven from Swift — the reference that `bench` and `evaluate-imagenet --reference` compare
// Sightline with. ONNX Runtime is never used to produce Sightline's own answers.
import Foundation

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

    /// Median milliseconds of `runs` calls of `session.run` on a random [batch, …] input.
    func engineMilliseconds(batch: Int, runs: Int) throws -> Double {
        let result = try run(["engine", "--batch", "\(batch)", "--runs", "\(runs)"])
        return try number("median_ms", in: result)
    }

    /// Median milliseconds of the Pillow (draft) + ONNX Runtime pipeline from the JPEG file to
    /// its top-5, and the top-5 class indices it found.
    func pipeline(image: URL, runs: Int) throws -> (milliseconds: Double, top5: [Int]) {
        let result = try run(["pipeline", "--image", image.path, "--runs", "\(runs)"])
        guard let top5 = result["top5"] as? [[String: Any]] else {
            throw invalidOutput("it has no top5 list")
        }
        return (try number("median_ms", in: result), try top5.map { entry in
            guard let index = entry["index"] as? Int else { throw invalidOutput("a top5 entry has no index") }
            return index
        })
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

    private func number(_ key: String, in result: [String: Any]) throws -> Double {
        guard let value = result[key] as? Double else { throw invalidOutput("it has no number '\(key)'") }
        return value
    }

    private func invalidOutput(_ problem: String) -> CommandFailure {
        CommandFailure("\(Self.scriptPath) printed something unexpected (\(problem)); "
            + "check that the repository and its .venv are up to date (`make setup`).")
    }
}
