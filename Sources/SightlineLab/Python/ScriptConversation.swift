// ScriptConversation: one of the repository's Python scripts kept running to answer requests —
// a JSON object per line on its stdin, one JSON object per line back on its stdout — so that
// its state (an ONNX Runtime session, say) outlives a single request.
import Foundation
#if canImport(Glibc)
import Glibc
import SightlineCommandSupport
#endif

final class ScriptConversation {
    private let script: PythonScript
    private let arguments: [String]
    private let process: Process
    private let input: FileHandle
    private let output: FileHandle
    /// Where the script's stderr goes; shown when it fails.
    private let errorLog: URL
    /// Bytes read from stdout after the last complete line.
    private var pending = Data()
    private var isClosed = false

    /// Starts the script with `arguments`.
    ///
    /// - Throws: `CommandFailure` when it cannot start.
    init(script: PythonScript, arguments: [String]) throws {
        // A script that dies while we write its next request must give an error, not end this
        // process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        self.script = script
        self.arguments = arguments
        process = try script.makeProcess(arguments)
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        errorLog = FileManager.default.temporaryDirectory.appendingPathComponent("sightline-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: errorLog.path, contents: nil) else {
            throw CommandFailure("Cannot create a temporary file in \(errorLog.deletingLastPathComponent().path).")
        }
        process.standardError = try FileHandle(forWritingTo: errorLog)
        input = stdin.fileHandleForWriting
        output = stdout.fileHandleForReading
        do {
            try process.run()
        } catch {
            try? FileManager.default.removeItem(at: errorLog)
            throw CommandFailure("Cannot start \(script.path): \(error.localizedDescription)")
        }
    }

    deinit { close() }

    /// The next JSON object the script prints (its greeting, say).
    ///
    /// - Throws: `CommandFailure` when the script exits first or prints something else; with
    ///   what it wrote on stderr.
    func receive() throws -> [String: Any] {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = pending[pending.startIndex ..< newline]
                pending.removeSubrange(pending.startIndex ... newline)
                guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any] else {
                    throw failure("printed a line that is not a JSON object: \(String(decoding: line.prefix(200), as: UTF8.self))")
                }
                return object
            }
            let read = output.availableData
            guard !read.isEmpty else { throw failure("stopped before answering") }
            pending.append(read)
        }
    }

    /// Sends `request` as one line and returns the script's answer.
    ///
    /// - Throws: `CommandFailure` when the script stops, or answers `{"error": …}` (with what it
    ///   said).
    func ask(_ request: [String: Any]) throws -> [String: Any] {
        var line = try JSONSerialization.data(withJSONObject: request, options: [.sortedKeys])
        line.append(UInt8(ascii: "\n"))
        do {
            try input.write(contentsOf: line)
        } catch {
            throw failure("stopped taking requests (\(error.localizedDescription))")
        }
        let answer = try receive()
        if let error = answer["error"] as? String {
            throw CommandFailure("\(script.path) could not do \(request): \(error)")
        }
        return answer
    }

    /// Ends the script's input and waits for it to exit.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        try? input.close()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: errorLog)
    }

    private func failure(_ problem: String) -> CommandFailure {
        let command = ([script.path] + arguments).joined(separator: " ")
        var message = "\(command) \(problem)."
        if let errors = try? String(contentsOf: errorLog, encoding: .utf8), !errors.isEmpty {
            message += "\n" + errors.trimmingCharacters(in: .whitespacesAndNewlines).suffix(2000)
        }
        return CommandFailure(message)
    }
}
