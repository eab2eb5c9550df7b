// CommandFailure: a CLI-level error whose message says what went wrong and what to do; the
// argument parser prints it as "Error: …" and exits with status 1.
import Foundation

struct CommandFailure: Error, CustomStringConvertible, LocalizedError {
    let description: String

    init(_ description: String) {
        self.description = description
    }

    var errorDescription: String? { description }
}
