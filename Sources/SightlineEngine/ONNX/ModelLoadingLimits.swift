// ModelLoadingLimits: the upper bounds the ONNX loader enforces before it commits memory to a
// model, so that a hostile or broken file fails with a clear error instead of exhausting RAM.

/// Upper bounds checked while loading an ONNX model. The defaults fit every real image model
/// Sightline uses with a wide margin; raise them to load something bigger on purpose.
public struct ModelLoadingLimits: Sendable, Equatable {
    /// The largest model file (or in-memory model) accepted, in bytes. Default: 1 GiB.
    public var maximumFileSize: Int
    /// The largest number of nodes a graph may have. Default: 100,000.
    public var maximumNodeCount: Int

    public init(maximumFileSize: Int = 1 << 30, maximumNodeCount: Int = 100_000) {
        self.maximumFileSize = maximumFileSize
        self.maximumNodeCount = maximumNodeCount
    }
}
