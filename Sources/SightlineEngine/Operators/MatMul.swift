// MatMul: NumPy matmul — batched over leading dimensions with broadcasting, 1-D operands
// promoted to matrices and the added dimension removed again. A constant 2-D right
// operand is packed at load time and the whole batch runs as one GEMM.

import CSightlineKernels

final class MatMulKernel: Kernel {
    let label: NodeLabel
    private let packed: PackedWeights?

    init(_ context: CompileContext) throws {
        label = NodeLabel(context.node)
        if let b = context.constantInput(1), b.rank == 2, b.elementType == .float32 {
            let values = b.floats, columns = b.shape[1]
            packed = PackedWeights(depth: b.shape[0], features: b.shape[1]) { k, n in values[k * columns + n] }
        } else {
            packed = nil
        }
    }

    var prepackedInputs: Set<Int> { packed == nil ? [] : [1] }

    func execute(_ inputs: [RuntimeValue?], _ context: ExecutionContext) throws -> [RuntimeValue] {
        let a = try requiredFloat(inputs, 0)
        let b = packed == nil ? try requiredFloat(inputs, 1) : nil
        let bRank = b?.rank ?? 2
        guard a.rank >= 1, bRank >= 1 else { throw shapeError("operands must have at least one dimension") }
        let aShape = a.rank == 1 ? [1, a.shape[0]] : a.shape
        let bShape = packed.map { [$0.depth, $0.features] } ?? (b!.rank == 1 ? [b!.shape[0], 1] : b!.shape)
        let (m, k) = (aShape[aShape.count - 2], aShape[aShape.count - 1])
        let (kb, n) = (bShape[bShape.count - 2], bShape[bShape.count - 1])
        guard k == kb else { throw shapeError("inner dimensions differ: \(a.shape) x \(bShape)") }
        let aBatch = Array(aShape.dropLast(2)), bBatch = Array(bShape.dropLast(2))
        guard let batch = Broadcast.shape(aBatch, bBatch) else {
            throw shapeError("batch dimensions \(aBatch) and \(bBatch) cannot be broadcast")
        }
        var outShape = batch + [m, n]
        if a.rank == 1 { outShape.remove(at: outShape.count - 2) }
        if bRank == 1 { outShape.removeLast() }
        let output = try context.allocate(outShape)
        let pool = context.threadPool.pool

        if let packed {
            let rows = aShape.dropLast().reduce(1, *)
            packed.multiply(rows: rows, x: a.floats, xRowStride: k, xDepthStride: 1, bias: nil,
                            into: output.floats, pool: pool)
            return [output]
        }
        let batchCount = batch.reduce(1, *)
        let plan = Broadcast(output: batch, a: aBatch, b: bBatch)
        let scratch = try context.scratchFloats(Int(sl_gemm_packed_a_size(Int32(m), Int32(k))))
        var epilogue = sl_epilogue(bias: nil, residual: nil, activation: 0, p0: 0, p1: 0, slope: nil)
        var index = 0
        let inner = plan.dims.last!, sa = plan.stridesA.last!, sb = plan.stridesB.last!
        let pa = a.floats, pb = b!.floats, po = output.floats
        plan.forEachRow { _, oa, ob in
            for i in 0..<inner {
                let left = pa + (oa + i * sa) * m * k
                let right = pb + (ob + i * sb) * k * n
                sl_gemm(Int32(m), Int32(n), Int32(k), left, k, 1, right, n, 1,
                        po + index * m * n, n, 1, &epilogue, scratch, pool)
                index += 1
            }
        }
        precondition(index == batchCount)
        return [output]
    }
}
