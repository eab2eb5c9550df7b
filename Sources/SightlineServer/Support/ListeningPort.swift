// ListeningPort: the port the server listens on, known only once it runs (port 0 lets the
// system choose), shared with the middleware that checks a request's Host against it.
import Foundation

final class ListeningPort: @unchecked Sendable {
    private let lock = NSLock()
    private var port: Int?

    /// Nil until the server listens.
    var value: Int? { lock.withLock { port } }

    func set(_ port: Int) {
        lock.withLock { self.port = port }
    }
}
