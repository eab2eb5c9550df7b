// ProgressBar: a one-line "[#####-----] 120/500  41.3 images/s" on stderr that redraws in
// place; it draws nothing when stderr is not a terminal, so logs and pipes stay clean.
import Foundation

package struct ProgressBar {
    private let total: Int
    private let width = 30
    private let enabled: Bool
    private let start = DispatchTime.now().uptimeNanoseconds
    package private(set) var completed = 0
    /// Text shown after the rate, such as a running loss.
    package var note = ""

    package init(total: Int, enabled: Bool = StandardError.isTerminal) {
        self.total = total
        self.enabled = enabled && total > 1
    }

    /// Counts `count` more finished items and redraws.
    package mutating func advance(by count: Int) {
        completed += count
        draw()
    }

    /// Erases the bar so other output can be written on a clean line; `draw()` brings it back.
    package func clear() {
        guard enabled else { return }
        StandardError.write("\r\u{1B}[K")
    }

    package func draw() {
        guard enabled else { return }
        let filled = total > 0 ? width * completed / total : width
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let rate = seconds > 0 && completed > 0 ? String(format: "%6.1f images/s", Double(completed) / seconds) : ""
        StandardError.write("\r[\(bar)] \(completed)/\(total)  \(rate)\(note.isEmpty ? "" : "  " + note)")
    }
}
