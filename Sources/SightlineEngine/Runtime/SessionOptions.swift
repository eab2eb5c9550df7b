// SessionOptions: how an InferenceSession runs — thread count and which load-time graph
// optimisations to apply.

public struct SessionOptions: Sendable {
    /// Worker threads for kernels; 0 means one per available core.
    public var threads: Int
    /// Apply the load-time passes (BatchNorm folding, activation fusion, identity removal).
    public var optimize: Bool

    public init(threads: Int = 0, optimize: Bool = true) {
        self.threads = threads
        self.optimize = optimize
    }
}
