// PythonScript: running one of the repository's Python scripts with its virtual environment,
// either showing its output to the user or capturing what it prints for parsing (or, through
// ScriptConversation, keeping it running to exchange JSON lines with).
import Foundation
import SightlineCommandSupport

/// A script under the repository's `scripts/` folder.
struct PythonScript {
    let repository: Repository
    /// Path relative to the repository root, e.g. "scripts/install_models.py".
    let path: String

    /// Runs the script with the user's terminal as its stdout and stderr.
    ///
    /// - Throws: `CommandFailure` when the script cannot start or exits with a failure status.
    func runShowingOutput(_ arguments: [String]) throws {
        let process = try makeProcess(arguments)
        try process.run()
        process.waitUntilExit()
        try checkStatus(process, arguments: arguments, output: nil)
    }

    /// Runs the script and returns its stdout. Its stderr goes to the user's terminal, or
    /// when `quiet` to a temporary file that is shown only if the script fails.
    func runCapturingOutput(_ arguments: [String], quiet: Bool = false) throws -> String {
        let process = try makeProcess(arguments)
        let output = Pipe()
        process.standardOutput = output
        var errorLog: URL?
        if quiet {
            let log = FileManager.default.temporaryDirectory.appendingPathComponent("sightline-\(UUID().uuidString).log")
            guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
                throw CommandFailure("Cannot create a temporary file in \(log.deletingLastPathComponent().path).")
            }
            process.standardError = try FileHandle(forWritingTo: log)
            errorLog = log
        }
        defer { if let errorLog { try? FileManager.default.removeItem(at: errorLog) } }
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let errors = errorLog.flatMap { try? String(contentsOf: $0, encoding: .utf8) }
        try checkStatus(process, arguments: arguments, output: errors)
        return printed
    }

    /// The script's process with `arguments`, not yet started.
    func makeProcess(_ arguments: [String]) throws -> Process {
        let script = repository.url(path)
        guard FileManager.default.fileExists(atPath: script.path) else {
            throw CommandFailure("The script \(script.path) is missing from the repository.")
        }
        let process = Process()
        process.executableURL = try repository.python()
        process.arguments = [script.path] + arguments
        process.currentDirectoryURL = repository.root
        return process
    }

    private func checkStatus(_ process: Process, arguments: [String], output: String?) throws {
        guard process.terminationReason != .exit || process.terminationStatus != 0 else { return }
        let command = ([path] + arguments).joined(separator: " ")
        let how = process.terminationReason == .exit
            ? "exited with status \(process.terminationStatus)" : "was killed by signal \(process.terminationStatus)"
        var message = "\(command) \(how)."
        if let output, !output.isEmpty { message += "\n" + output.trimmingCharacters(in: .whitespacesAndNewlines) }
        throw CommandFailure(message)
    }
}
