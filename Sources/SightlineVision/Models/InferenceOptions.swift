// InferenceOptions: how Vision runs a model (the engine threads), in Vision's own terms, so the
// layers above — Apps, the server, the CLI — configure inference without depending on the
// engine's types.
import SightlineEngine

public struct InferenceOptions: Sendable, Equatable {
    /// Engine threads for one inference; 0: one per core.
    public var threads: Int

    public init(threads: Int = 0) {
        self.threads = threads
    }

    /// The engine's session options these stand for.
    var session: SessionOptions {
        SessionOptions(threads: threads)
    }
}
