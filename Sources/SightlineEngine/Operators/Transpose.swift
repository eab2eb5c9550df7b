// Transpose: permutes dimensions (default: reverses them). Copies whole contiguous runs
// when the innermost dimension stays in place.

final class TransposeKernel: Kernel {
    let label: NodeLabel
    private let permutation: [Int]?

    init(_ context: CompileContext) throws {
        label = NodeLabel(context.node)
        permutation = context.node.attributes["perm"] == nil ? nil : try context.node.ints("perm")
    }

    func execute(_ inputs: [RuntimeValue?], _ context: ExecutionContext) throws -> [RuntimeValue] {
        let x = try required(inputs, 0)
        let rank = x.rank
        let perm = permutation ?? Array((0..<rank).reversed())
        guard perm.count == rank, Set(perm) == Set(0..<rank) else {
            throw shapeError("perm \(perm) is not a permutation of \(rank) axes")
        }
        let outShape = perm.map { x.shape[$0] }
        let output = try context.allocate(outShape, x.elementType)
        let size = x.elementSize
        if x.count == 0 { return [output] }
        var inStrides = [Int](repeating: 1, count: rank)
        for i in stride(from: rank - 2, through: 0, by: -1) { inStrides[i] = inStrides[i + 1] * x.shape[i + 1] }
        let strides = perm.map { inStrides[$0] }   // input stride of each output axis
        let source = x.buffer.raw, target = output.buffer.raw
        let inner = rank == 0 ? 1 : outShape[rank - 1]
        let innerStride = rank == 0 ? 1 : strides[rank - 1]
        let outer = x.count / max(inner, 1)
        var index = [Int](repeating: 0, count: max(rank - 1, 0))
        var offset = 0
        for row in 0..<outer {
            let out = target + row * inner * size
            if innerStride == 1 {
                out.copyMemory(from: source + offset * size, byteCount: inner * size)
            } else if size == 4 {
                let s = (source + offset * 4).assumingMemoryBound(to: Float.self)
                let o = out.assumingMemoryBound(to: Float.self)
                for i in 0..<inner { o[i] = s[i * innerStride] }
            } else {
                let s = (source + offset * 8).assumingMemoryBound(to: Int64.self)
                let o = out.assumingMemoryBound(to: Int64.self)
                for i in 0..<inner { o[i] = s[i * innerStride] }
            }
            var axis = rank - 2
            while axis >= 0 {
                index[axis] += 1
                offset += strides[axis]
                if index[axis] < outShape[axis] { break }
                offset -= strides[axis] * outShape[axis]
                index[axis] = 0
                axis -= 1
            }
        }
        return [output]
    }
}
