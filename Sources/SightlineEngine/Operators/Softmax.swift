// Softmax: exp(x − max) / Σ exp(x − max). From opset 13 along one axis; before that the
// input is viewed as 2-D, coerced at `axis`, and normalised over the whole second part.

import Foundation

final class SoftmaxKernel: Kernel {
    let label: NodeLabel
    private let axis: Int
    private let flattens: Bool

    init(_ context: CompileContext) throws {
        label = NodeLabel(context.node)
        flattens = context.opset < 13
        axis = try context.node.int("axis", default: flattens ? 1 : -1)
    }

    func execute(_ inputs: [RuntimeValue?], _ context: ExecutionContext) throws -> [RuntimeValue] {
        let x = try requiredFloat(inputs, 0)
        let rank = x.rank
        let a = axis < 0 ? axis + rank : axis
        // Flattening views a scalar as 1×1; from opset 13 the axis must name a real dimension.
        let dimensions = flattens ? max(rank, 1) : rank
        guard a >= 0 && a < dimensions else { throw shapeError("axis \(axis) is out of range for rank \(rank)") }
        let outer: Int, length: Int, inner: Int
        if flattens {
            outer = x.shape[..<a].reduce(1, *)
            length = x.shape[a...].reduce(1, *)
            inner = 1
        } else {
            outer = x.shape[..<a].reduce(1, *)
            length = x.shape[a]
            inner = x.shape[(a + 1)...].reduce(1, *)
        }
        let output = try context.allocate(x.shape)
        let px = x.floats, po = output.floats
        for o in 0..<outer {
            for i in 0..<inner {
                let base = o * length * inner + i
                var maximum = -Float.infinity
                for k in 0..<length { maximum = max(maximum, px[base + k * inner]) }
                var sum: Float = 0
                for k in 0..<length {
                    let e = exp(px[base + k * inner] - maximum)
                    po[base + k * inner] = e
                    sum += e
                }
                let scale = 1 / sum
                for k in 0..<length { po[base + k * inner] *= scale }
            }
        }
        return [output]
    }
}
