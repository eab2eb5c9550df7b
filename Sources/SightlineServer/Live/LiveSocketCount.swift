// LiveSocketCount: how many live-camera WebSockets are open, against the limit
// (`--max-live-sockets`). Each open socket holds a frame being read, one waiting and one being
// analysed, so the number of sockets bounds what the live camera can hold; a socket over the
// limit is told `busy` and closed with 1013 "try again later" (the web app reconnects).
import Synchronization

final class LiveSocketCount: Sendable {
    let limit: Int
    private let open = Mutex(0)

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts one more open socket if the limit allows it; false (nothing counted) if not.
    func enter() -> Bool {
        open.withLock { open in
            guard open < limit else { return false }
            open += 1
            return true
        }
    }

    func leave() {
        open.withLock { $0 -= 1 }
    }

    var count: Int { open.withLock { $0 } }
}
