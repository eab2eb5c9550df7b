// BatchNormalization (inference form): y = (x − mean) / sqrt(var + ε) · scale + bias per
// channel (axis 1). Usually folded into the preceding Conv at load; this kernel runs
// the ones that are not.

import Foundation

final class BatchNormalizationKernel: Kernel {
    let label: NodeLabel
    private let epsilon: Float

    init(_ context: CompileContext) throws {
        label = NodeLabel(context.node)
        epsilon = try context.node.float("epsilon", default: 1e-5)
        if try context.node.int("training_mode", default: 0) != 0 {
            throw context.invalidAttribute("training_mode", "is 1, but only inference is supported")
        }
        if context.node.outputs.filter({ !$0.isEmpty }).count > 1 {
            throw context.invalidAttribute("outputs", "running mean/variance outputs (training) are not supported")
        }
    }

    func execute(_ inputs: [RuntimeValue?], _ context: ExecutionContext) throws -> [RuntimeValue] {
        let x = try requiredFloat(inputs, 0)
        let parameters = try (1...4).map { try requiredFloat(inputs, $0) }
        guard x.rank >= 2 else { throw shapeError("input must have at least 2 dimensions, got \(x.shape)") }
        let channels = x.shape[1]
        for (index, p) in parameters.enumerated() where p.count != channels {
            throw shapeError("parameter \(index + 1) has \(p.count) values for \(channels) channels")
        }
        let scale = parameters[0].floats, bias = parameters[1].floats
        let mean = parameters[2].floats, variance = parameters[3].floats
        let plane = x.shape[2...].reduce(1, *)
        let batch = x.shape[0]
        let output = try context.allocate(x.shape)
        let px = x.floats, po = output.floats
        for c in 0..<channels {
            let a = scale[c] / (variance[c] + epsilon).squareRoot()
            let b = bias[c] - mean[c] * a
            for n in 0..<batch {
                let offset = (n * channels + c) * plane
                for i in 0..<plane { po[offset + i] = px[offset + i] * a + b }
            }
        }
        return [output]
    }
}
