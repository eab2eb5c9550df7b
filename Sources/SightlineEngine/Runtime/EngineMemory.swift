// EngineMemory: the memory the engine keeps between runs, across every session of the process.
// A session pools the activation buffers of its finished runs so that the next run of the same
// size allocates nothing; after one very large input (a face search over a big photo) that pool
// holds the large run's activations until the session is gone. A long-running process (the
// server) asks here how much is pooled and frees it when nothing is running, so its resident
// memory comes back near idle after a large request; a batch job never needs to.
import Foundation

public enum EngineMemory {
    private final class WeakSession {
        weak var session: InferenceSession?
        init(_ session: InferenceSession) { self.session = session }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var sessions: [WeakSession] = []

    static func register(_ session: InferenceSession) {
        lock.lock()
        defer { lock.unlock() }
        sessions.removeAll { $0.session == nil }
        sessions.append(WeakSession(session))
    }

    private static var liveSessions: [InferenceSession] {
        lock.lock()
        defer { lock.unlock() }
        sessions.removeAll { $0.session == nil }
        return sessions.compactMap(\.session)
    }

    /// The bytes pooled by the sessions' contexts that are not running now.
    public static var idleBufferBytes: Int {
        liveSessions.reduce(0) { $0 + $1.idleBufferBytes }
    }

    /// Frees the buffers pooled by every session's contexts that are not running now; returns
    /// the bytes freed. Runs in progress are not touched; later runs allocate their buffers again.
    @discardableResult
    public static func releaseIdleBuffers() -> Int {
        liveSessions.reduce(0) { $0 + $1.releaseIdleBuffers() }
    }
}
