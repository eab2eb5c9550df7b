// SavedPhotoExport: writes a photo or thumbnail kept in a history (`history show --image`,
// `cat history show --photo`) to the file the user named, and says so on stderr.
import Foundation
import SightlineCommandSupport

enum SavedPhotoExport {
    /// Writes `data` to `path`, replacing the file there.
    ///
    /// - Throws: `CommandFailure` naming the path when it cannot be written.
    static func write(_ data: Data, to path: String) throws {
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CommandFailure("Cannot write \(path): \(error.localizedDescription)")
        }
        StandardError.print("Wrote \(path).")
    }
}
