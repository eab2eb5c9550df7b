// Gemm: Y = alpha · A' · B' + beta · C, where A' and B' are A and B optionally transposed
// and C broadcasts to Y. A constant B is packed at load time with alpha folded in.

import CSightlineKernels

final class GemmKernel: Kernel {
    let label: NodeLabel
    private let alpha: Float
    private let beta: Float
    private let transA: Bool
    private let transB: Bool
    private let packed: PackedWeights?

    init(_ context: CompileContext) throws {
        let node = context.node
        label = NodeLabel(node)
        alpha = try node.float("alpha", default: 1)
        beta = try node.float("beta", default: 1)
        transA = try node.int("transA", default: 0) != 0
        transB = try node.int("transB", default: 0) != 0
        if let b = context.constantInput(1) {
            guard b.rank == 2, b.elementType == .float32 else {
                throw EngineError.shapeMismatch(node: node.name, op: node.opType, reason: "B must be a 2-D float32 matrix, got shape \(b.shape)")
            }
            let values = b.floats, columns = b.shape[1], alpha = self.alpha
            let (depth, features) = transB ? (b.shape[1], b.shape[0]) : (b.shape[0], b.shape[1])
            packed = PackedWeights(depth: depth, features: features) { [transB] k, n in
                alpha * (transB ? values[n * columns + k] : values[k * columns + n])
            }
        } else {
            packed = nil
        }
    }

    var prepackedInputs: Set<Int> { packed == nil ? [] : [1] }

    func execute(_ inputs: [RuntimeValue?], _ context: ExecutionContext) throws -> [RuntimeValue] {
        let a = try requiredFloat(inputs, 0)
        let b = packed == nil ? try requiredFloat(inputs, 1) : nil
        guard a.rank == 2 else { throw shapeError("A must be 2-D, got \(a.shape)") }
        let (m, k) = transA ? (a.shape[1], a.shape[0]) : (a.shape[0], a.shape[1])
        let kb: Int, n: Int
        if let packed {
            (kb, n) = (packed.depth, packed.features)
        } else if let b, b.rank == 2 {
            (kb, n) = transB ? (b.shape[1], b.shape[0]) : (b.shape[0], b.shape[1])
        } else {
            throw shapeError("B must be 2-D, got \(b?.shape ?? [])")
        }
        guard k == kb else { throw shapeError("inner dimensions differ: A' is \(m)x\(k), B' is \(kb)x\(n)") }
        let output = try context.allocate([m, n])
        let pool = context.threadPool.pool
        let c = inputs.count > 2 ? inputs[2] : nil
        if let c {
            guard c.elementType == .float32, let shape = Broadcast.shape([m, n], c.shape), shape == [m, n] else {
                throw shapeError("C of shape \(c.shape) does not broadcast to \(m)x\(n)")
            }
        }
        // A bias of one value per output column can ride in the GEMM epilogue.
        let columnBias = try c.flatMap { c -> UnsafeMutablePointer<Float>? in
            guard c.count == n, c.shape.last == n, c.rank <= 2 else { return nil }
            let bias = try context.scratchFloats(n)
            for j in 0..<n { bias[j] = beta * c.floats[j] }
            return bias
        }
        let (rowStride, depthStride) = transA ? (1, m) : (k, 1)
        if let packed {
            packed.multiply(rows: m, x: a.floats, xRowStride: rowStride, xDepthStride: depthStride,
                            bias: columnBias, into: output.floats, pool: pool)
        } else {
            let scratch = try context.scratchFloats(Int(sl_gemm_packed_a_size(Int32(m), Int32(k))))
            var epilogue = sl_epilogue(bias: nil, residual: nil, activation: 0, p0: 0, p1: 0, slope: nil)
            let (bRow, bColumn) = transB ? (1, k) : (n, 1)
            sl_gemm(Int32(m), Int32(n), Int32(k), a.floats, rowStride, depthStride, b!.floats, bRow, bColumn,
                    output.floats, n, 1, &epilogue, scratch, pool)
            if alpha != 1 {
                for i in 0..<(m * n) { output.floats[i] *= alpha }
            }
            if let columnBias {
                for i in 0..<m { for j in 0..<n { output.floats[i * n + j] += columnBias[j] } }
            }
        }
        if let c, columnBias == nil {
            let plan = Broadcast(output: [m, n], a: [m, n], b: c.shape)
            let inner = plan.dims.last!, sb = plan.stridesB.last!
            let po = output.floats, pc = c.floats, beta = self.beta
            plan.forEachRow { o, _, ob in
                for i in 0..<inner { po[o + i] += beta * pc[ob + i * sb] }
            }
        }
        return [output]
    }
}
