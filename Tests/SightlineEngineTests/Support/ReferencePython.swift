// ReferencePython: runs the repository's Python reference scripts (ONNX Runtime, Pillow)
// with the virtual environment `make test` creates in the repository, so tests can generate
// reference data at test time instead of committing it.

import Foundation

enum ReferencePython {
    /// The repository root, found from this file's location (Tests/SightlineEngineTests/Support/).
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // SightlineEngineTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The virtual environment's interpreter.
    static var interpreter: URL {
        repositoryRoot.appendingPathComponent(".venv/bin/python")
    }

    /// Runs `script` (a path relative to the repository root) with `arguments` and returns
    /// what it printed. Throws when the virtual environment is missing or the script fails.
    @discardableResult
    static func run(script: String, arguments: [String]) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: interpreter.path) else {
            throw ReferencePythonError.missingEnvironment(interpreter: interpreter.path)
        }
        let scriptURL = repositoryRoot.appendingPathComponent(script)
        guard FileManager.default.fileExists(atPath: scriptURL.path) else {
            throw ReferencePythonError.missingScript(path: scriptURL.path)
        }

        let process = Process()
        process.executableURL = interpreter
        process.arguments = [scriptURL.path] + arguments
        process.currentDirectoryURL = repositoryRoot
        // One pipe for both streams: a single reader cannot deadlock on a full second pipe.
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw ReferencePythonError.scriptFailed(
                command: ([interpreter.path] + (process.arguments ?? [])).joined(separator: " "),
                status: process.terminationStatus,
                output: printed)
        }
        return printed
    }
}

enum ReferencePythonError: Error, CustomStringConvertible {
    case missingEnvironment(interpreter: String)
    case missingScript(path: String)
    case scriptFailed(command: String, status: Int32, output: String)

    var description: String {
        switch self {
        case let .missingEnvironment(interpreter):
            return "the Python virtual environment is missing (no \(interpreter)); run `make test` "
                + "once from the repository root: it creates .venv with numpy, onnx and onnxruntime, "
                + "which generate the reference outputs these tests compare against"
        case let .missingScript(path):
            return "reference script \(path) does not exist"
        case let .scriptFailed(command, status, output):
            return "reference script failed with status \(status): \(command)\n\(output)"
        }
    }
}
