// Model: a loaded ONNX model — its graph plus the header facts (IR version, opset,
// producer) and the free-form metadata (labels, licence, …) stored in it.

public struct Model: Sendable, Equatable {
    public var irVersion: Int
    /// The default-domain ("" / "ai.onnx") opset the model was written against.
    public var opsetVersion: Int
    public var producerName: String
    public var metadata: [String: String]
    public var graph: Graph

    public init(irVersion: Int, opsetVersion: Int, producerName: String,
                metadata: [String: String], graph: Graph) {
        self.irVersion = irVersion
        self.opsetVersion = opsetVersion
        self.producerName = producerName
        self.metadata = metadata
        self.graph = graph
    }
}
