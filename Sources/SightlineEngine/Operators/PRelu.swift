// PRelu: x for x ≥ 0, slope·x otherwise, with the slope broadcast to the input's shape.

final class PReluKernel: Kernel {
    let label: NodeLabel

    init(_ context: CompileContext) throws {
        label = NodeLabel(context.node)
    }

    func execute(_ inputs: [RuntimeValue?], _ context: ExecutionContext) throws -> [RuntimeValue] {
        let x = try requiredFloat(inputs, 0), slope = try requiredFloat(inputs, 1)
        guard let shape = Broadcast.shape(x.shape, slope.shape), shape == x.shape else {
            throw shapeError("slope of shape \(slope.shape) does not broadcast to the input \(x.shape)")
        }
        let output = try context.allocate(shape)
        let plan = Broadcast(output: shape, a: x.shape, b: slope.shape)
        let inner = plan.dims.last!, sa = plan.stridesA.last!, sb = plan.stridesB.last!
        let px = x.floats, ps = slope.floats, po = output.floats
        plan.forEachRow { o, oa, ob in
            for i in 0..<inner {
                let v = px[oa + i * sa]
                po[o + i] = v >= 0 ? v : ps[ob + i * sb] * v
            }
        }
        return [output]
    }
}
