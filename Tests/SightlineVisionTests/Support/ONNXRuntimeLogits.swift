// ONNXRuntimeLogits: the reference side of the parity tests — hands a tensor Sightline
// prepared to ONNX Runtime (scripts/reference/ort_bench.py logits, run with the repository's
// .venv) and returns the logits it computes.
import Foundation
import SightlineVision

enum ONNXRuntimeLogits {
    /// ONNX Runtime's `output` for `values` of `shape`, fed to the model at `model`.
    static func compute(model: URL, values: [Float], shape: [Int], output: String, scratch: ScratchFolder) throws -> [Float] {
        let input = scratch.url.appendingPathComponent("input-\(UUID().uuidString).npy")
        try NumpyFileWriter.write(values: values, shape: shape, to: input)
        let printed = try runReferenceScript(["logits", "--model", model.path, "--input", input.path, "--threads", "2"])
        guard let object = try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: Any],
              let outputs = object["outputs"] as? [String: Any],
              let result = outputs[output] as? [String: Any],
              let numbers = result["values"] as? [Double] else {
            throw ReferenceScriptError("ort_bench.py logits printed no values for '\(output)': \(printed.prefix(300))")
        }
        return numbers.map(Float.init)
    }

    private static func runReferenceScript(_ arguments: [String]) throws -> String {
        let python = TestFiles.repository(".venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw ReferenceScriptError("The Python virtual environment is missing (\(python.path)); run `make test` "
                + "from the repository root: it creates .venv with ONNX Runtime, the reference these tests compare with.")
        }
        let process = Process()
        process.executableURL = python
        process.arguments = [TestFiles.repository("scripts/reference/ort_bench.py").path] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // The outputs are large and the errors small: read stdout fully, then stderr.
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaints = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ReferenceScriptError("ort_bench.py \(arguments.joined(separator: " ")) failed (status "
                + "\(process.terminationStatus)): \(complaints)")
        }
        return printed
    }
}

struct ReferenceScriptError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
