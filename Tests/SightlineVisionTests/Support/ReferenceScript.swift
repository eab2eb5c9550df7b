// ReferenceScript: runs one of the repository's Python reference scripts (scripts/reference/)
// with the repository's .venv and returns what it printed — the one way the tests reach
// ONNX Runtime, Pillow and the MTCNN reference.
import Foundation

enum ReferenceScript {
    /// Runs `scripts/reference/<name>` with `arguments`; throws with its stderr if it fails.
    static func run(_ name: String, _ arguments: [String]) throws -> String {
        let python = TestFiles.repository(".venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw ReferenceScriptError("The Python virtual environment is missing (\(python.path)); run `make test` "
                + "from the repository root: it creates .venv with the references these tests compare with.")
        }
        let process = Process()
        process.executableURL = python
        process.arguments = [TestFiles.repository("scripts/reference/\(name)").path] + arguments
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
            throw ReferenceScriptError("\(name) \(arguments.joined(separator: " ")) failed (status "
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
