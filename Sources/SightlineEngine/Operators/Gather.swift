// Gather: picks entries along one axis of the data by index (negative indices count from
// the end); the output has the indices' shape in place of that axis.

final class GatherKernel: Kernel {
    let label: NodeLabel
    private let axis: Int

    init(_ context: CompileContext) throws {
        label = NodeLabel(context.node)
        axis = try context.node.int("axis", default: 0)
    }

    func execute(_ inputs: [RuntimeValue?], _ context: ExecutionContext) throws -> [RuntimeValue] {
        let data = try required(inputs, 0)
        let indices = try required(inputs, 1)
        guard indices.elementType == .int64 else { throw shapeError("indices must be integers") }
        let a = axis < 0 ? axis + data.rank : axis
        guard a >= 0 && a < data.rank else { throw shapeError("axis \(axis) is out of range for rank \(data.rank)") }
        let dim = data.shape[a]
        let shape = Array(data.shape[..<a]) + indices.shape + Array(data.shape[(a + 1)...])
        let output = try context.allocate(shape, data.elementType)
        let size = data.elementSize
        let outer = data.shape[..<a].reduce(1, *), inner = data.shape[(a + 1)...].reduce(1, *)
        let block = inner * size
        for j in 0..<indices.count {
            let raw = Int(indices.int64s[j])
            let index = raw < 0 ? raw + dim : raw
            guard index >= 0 && index < dim else {
                throw shapeError("index \(raw) is out of range for axis \(a) of size \(dim)")
            }
            for o in 0..<outer {
                (output.buffer.raw + (o * indices.count + j) * block)
                    .copyMemory(from: data.buffer.raw + (o * dim + index) * block, byteCount: block)
            }
        }
        return [output]
    }
}
