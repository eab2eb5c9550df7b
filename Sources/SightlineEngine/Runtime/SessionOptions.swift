// SessionOptions: how an InferenceSession runs — thread count, which load-time graph
// optimisations to apply, and the most memory one value computed during a run may take.

public struct SessionOptions: Sendable {
    /// Worker threads for kernels; 0 means one per available core.
    public var threads: Int
    /// Apply the load-time passes (BatchNorm folding, activation fusion, identity removal).
    public var optimize: Bool
    /// The largest single value (a node's output or a kernel's scratch memory) a run may
    /// allocate, in bytes. Output sizes can depend on the model's constants (a Resize scale, a
    /// Reshape target, padding), so a hostile model could otherwise ask for any amount; a
    /// larger value fails the run with `EngineError.shapeMismatch` naming the node. Default:
    /// 4 GiB, far above what Sightline's models need at any batch size it uses.
    public var maximumValueBytes: Int

    public init(threads: Int = 0, optimize: Bool = true, maximumValueBytes: Int = 1 << 32) {
        self.threads = threads
        self.optimize = optimize
        self.maximumValueBytes = maximumValueBytes
    }
}
