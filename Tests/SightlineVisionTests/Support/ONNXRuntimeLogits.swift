// ONNXRuntimeLogits: the reference side of the parity tests — hands a tensor Sightline
// prepared to ONNX Runtime (scripts/reference/ort_bench.py logits, run with the repository's
// .venv) and returns the logits it computes.
import Foundation
import SightlineLab
import SightlineTestSupport
import SightlineVision

enum ONNXRuntimeLogits {
    /// ONNX Runtime's `output` for `values` of `shape`, fed to the model at `model`.
    static func compute(model: URL, values: [Float], shape: [Int], output: String, scratch: ScratchFolder) throws -> [Float] {
        let input = scratch.url.appendingPathComponent("input-\(UUID().uuidString).npy")
        try NumpyFileWriter.write(values: values, shape: shape, to: input)
        let printed = try ReferencePython.run(script: "scripts/reference/ort_bench.py", arguments: ["logits", "--model", model.path, "--input", input.path, "--threads", "2"])
        guard let object = try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: Any],
              let outputs = object["outputs"] as? [String: Any],
              let result = outputs[output] as? [String: Any],
              let numbers = result["values"] as? [Double] else {
            throw ReferencePythonError(description: "ort_bench.py logits printed no values for '\(output)': \(printed.prefix(300))")
        }
        return numbers.map(Float.init)
    }
}
