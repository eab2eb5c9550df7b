// Concat and Split: join tensors along an axis, or cut one into parts along an axis
// (sizes from the `split` attribute up to opset 12, the second input from 13, or equal).

/// Copies `blocks` runs: for each outer index, `length` bytes from source to destination.
private func copyBlocks(outer: Int, source: UnsafeMutableRawPointer, sourceStride: Int,
                        target: UnsafeMutableRawPointer, targetStride: Int, length: Int) {
    for o in 0..<outer {
        (target + o * targetStride).copyMemory(from: source + o * sourceStride, byteCount: length)
    }
}

final class ConcatKernel: Kernel {
    let label: NodeLabel
    private let axis: Int

    init(_ context: CompileContext) throws {
        label = NodeLabel(context.node)
        axis = try context.node.int("axis")
    }

    func execute(_ inputs: [RuntimeValue?], _ context: ExecutionContext) throws -> [RuntimeValue] {
        let parts = inputs.compactMap { $0 }
        guard let first = parts.first else { throw shapeError("needs at least one input") }
        let rank = first.rank
        let a = axis < 0 ? axis + rank : axis
        guard a >= 0 && a < rank else { throw shapeError("axis \(axis) is out of range for rank \(rank)") }
        var total = 0
        for part in parts {
            guard part.rank == rank, part.elementType == first.elementType,
                  (0..<rank).allSatisfy({ $0 == a || part.shape[$0] == first.shape[$0] }) else {
                throw shapeError("inputs \(parts.map(\.shape)) differ outside axis \(a) or in element type")
            }
            total += part.shape[a]
        }
        var shape = first.shape
        shape[a] = total
        let output = try context.allocate(shape, first.elementType)
        let size = first.elementSize
        let outer = shape[..<a].reduce(1, *), inner = shape[(a + 1)...].reduce(1, *)
        var offset = 0
        for part in parts {
            let length = part.shape[a] * inner * size
            copyBlocks(outer: outer, source: part.buffer.raw, sourceStride: length,
                       target: output.buffer.raw + offset, targetStride: total * inner * size, length: length)
            offset += length
        }
        return [output]
    }
}

final class SplitKernel: Kernel {
    let label: NodeLabel
    private let axis: Int
    private let attributeSizes: [Int]?
    private let outputs: Int

    init(_ context: CompileContext) throws {
        label = NodeLabel(context.node)
        axis = try context.node.int("axis", default: 0)
        attributeSizes = context.node.attributes["split"] == nil ? nil : try context.node.ints("split")
        outputs = context.node.outputs.count
        if context.node.attributes["num_outputs"] != nil {
            throw context.invalidAttribute("num_outputs", "is an opset-18 attribute; opsets 11–17 are supported")
        }
    }

    func execute(_ inputs: [RuntimeValue?], _ context: ExecutionContext) throws -> [RuntimeValue] {
        let x = try required(inputs, 0)
        let a = axis < 0 ? axis + x.rank : axis
        guard a >= 0 && a < x.rank else { throw shapeError("axis \(axis) is out of range for rank \(x.rank)") }
        let dimension = x.shape[a]
        let sizes: [Int]
        if let given = try attributeSizes ?? (inputs.count > 1 ? inputs[1]?.integers() : nil) {
            sizes = given
        } else {
            guard dimension % outputs == 0 else {
                throw shapeError("axis of size \(dimension) cannot be split into \(outputs) equal parts")
            }
            sizes = Array(repeating: dimension / outputs, count: outputs)
        }
        // Each size is bounded before they are added, so the sum cannot overflow.
        guard sizes.count == outputs, sizes.allSatisfy({ (0...dimension).contains($0) }), sizes.reduce(0, +) == dimension else {
            throw shapeError("split sizes \(sizes) do not add up to \(dimension) over \(outputs) outputs")
        }
        let size = x.elementSize
        let outer = x.shape[..<a].reduce(1, *), inner = x.shape[(a + 1)...].reduce(1, *)
        var offset = 0
        return try sizes.map { part in
            var shape = x.shape
            shape[a] = part
            let output = try context.allocate(shape, x.elementType)
            let length = part * inner * size
            copyBlocks(outer: outer, source: x.buffer.raw + offset, sourceStride: dimension * inner * size,
                       target: output.buffer.raw, targetStride: length, length: length)
            offset += length
            return output
        }
    }
}
