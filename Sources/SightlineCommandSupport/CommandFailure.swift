// CommandFailure: a CLI-level error whose message says what went wrong and what to do; the
// argument parser prints it as "Error: …" and exits with status 1.
import Foundation

package struct CommandFailure: Error, CustomStringConvertible, LocalizedError {
    package let description: String

    package init(_ description: String) {
        self.description = description
    }

    package var errorDescription: String? { description }
}
