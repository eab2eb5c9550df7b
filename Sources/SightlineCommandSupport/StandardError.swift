// StandardError: writing progress, warnings and summaries to stderr, keeping stdout for results.
import Foundation

package enum StandardError {
    /// Writes `text` to stderr as is (no newline added). Results already printed to stdout are
    /// flushed first, so both streams keep their order when they go to the same place.
    package static func write(_ text: String) {
        fflush(nil)  // all C streams, stdout among them
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Writes `line` and a newline to stderr.
    package static func print(_ line: String) {
        write(line + "\n")
    }

    /// True when stderr is a terminal (so a progress bar can redraw itself).
    package static var isTerminal: Bool { isatty(2) == 1 }
}
