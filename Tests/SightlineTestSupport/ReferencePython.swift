// ReferencePython: the tests' one way to the Python references (ONNX Runtime, Pillow, NumPy,
// scikit-learn, the MTCNN reference) — a script of the repository, or a short program, run with
// the repository's .venv (`make setup`), returning what it printed. Without the .venv the test is
// skipped (see TestRequirement).
public import Foundation

public enum ReferencePython {
    /// The virtual environment's interpreter.
    public static var interpreter: URL { TestRepository.url(".venv/bin/python") }

    /// Runs `script` (a path relative to the repository root) with `arguments`, in the repository
    /// root, and returns its standard output.
    @discardableResult
    public static func run(script: String, arguments: [String] = []) throws -> String {
        let file = TestRepository.url(script)
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw ReferencePythonError(description: "the reference script \(file.path) does not exist")
        }
        return try run([file.path] + arguments)
    }

    /// Runs the Python program `code` with `arguments` (its sys.argv[1:]) and returns its
    /// standard output.
    @discardableResult
    public static func run(code: String, arguments: [String] = []) throws -> String {
        try run(["-c", code] + arguments)
    }

    private static func run(_ arguments: [String]) throws -> String {
        try TestRequirement.pythonReferences()
        // Standard error goes to a file, so that a script that writes much to both streams
        // cannot block on a full pipe while standard output is read.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("sightline-reference-\(UUID().uuidString).log")
        FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let errors = try FileHandle(forWritingTo: errorFile)
        defer { try? errors.close() }
        let process = Process()
        process.executableURL = interpreter
        process.arguments = arguments
        process.currentDirectoryURL = TestRepository.root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let complaints = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            throw ReferencePythonError(description: "python \(arguments.prefix(3).joined(separator: " ")) failed with status "
                + "\(process.terminationStatus):\n\(complaints.suffix(4000))")
        }
        return printed
    }
}

/// A reference script that could not run or failed.
public struct ReferencePythonError: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) {
        self.description = description
    }
}
