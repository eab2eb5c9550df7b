// InferenceSession: a model compiled for execution on the CPU. Created once per model,
// then `run` is called per input batch.

import Foundation

public final class InferenceSession: @unchecked Sendable {
    public let model: Model
    public let options: SessionOptions

    public init(model: Model, options: SessionOptions = SessionOptions()) throws {
        self.model = model
        self.options = options
    }

    /// Runs the graph on the given named inputs and returns every graph output by name.
    public func run(_ inputs: [String: Tensor]) throws -> [String: Tensor] {
        throw EngineError.invalidGraph(reason: "runtime not built yet")
    }
}
