// Slice: takes start:end:step ranges along chosen axes (inputs starts, ends, axes, steps),
// with negative indices counted from the end and out-of-range bounds clamped.

final class SliceKernel: Kernel {
    let label: NodeLabel

    init(_ context: CompileContext) throws {
        label = NodeLabel(context.node)
    }

    func execute(_ inputs: [RuntimeValue?], _ context: ExecutionContext) throws -> [RuntimeValue] {
        let x = try required(inputs, 0)
        let starts = try required(inputs, 1).integers(), ends = try required(inputs, 2).integers()
        let axes = try (inputs.count > 3 ? inputs[3]?.integers() : nil) ?? Array(0..<starts.count)
        let steps = try (inputs.count > 4 ? inputs[4]?.integers() : nil) ?? Array(repeating: 1, count: starts.count)
        guard ends.count == starts.count, axes.count == starts.count, steps.count == starts.count else {
            throw shapeError("starts, ends, axes and steps must have the same length")
        }
        let rank = x.rank
        var begin = [Int](repeating: 0, count: rank)
        var step = [Int](repeating: 1, count: rank)
        var shape = x.shape
        var seen = Set<Int>()
        for i in starts.indices {
            let axis = axes[i] < 0 ? axes[i] + rank : axes[i]
            guard axis >= 0 && axis < rank, seen.insert(axis).inserted else {
                throw shapeError("axis \(axes[i]) is out of range or repeated")
            }
            guard steps[i] != 0 else { throw shapeError("step must not be 0") }
            let dim = x.shape[axis]
            // A step longer than the axis takes the same single element as a step of its length;
            // clamped, the offset arithmetic below stays within the input's element count.
            let axisStep = steps[i] > 0 ? min(steps[i], max(dim, 1)) : max(steps[i], -max(dim, 1))
            var s = starts[i] < 0 ? starts[i] + dim : starts[i]
            var e = ends[i] < 0 ? ends[i] + dim : ends[i]
            if axisStep > 0 {
                s = min(max(s, 0), dim)
                e = min(max(e, 0), dim)
                shape[axis] = max(0, (e - s + axisStep - 1) / axisStep)
            } else {
                s = min(max(s, 0), dim - 1)
                e = min(max(e, -1), dim - 1)
                shape[axis] = max(0, (s - e + (-axisStep) - 1) / (-axisStep))
            }
            begin[axis] = s
            step[axis] = axisStep
        }
        let output = try context.allocate(shape, x.elementType)
        let count = output.count
        if count == 0 { return [output] }
        var strides = [Int](repeating: 1, count: rank)
        for i in stride(from: rank - 2, through: 0, by: -1) { strides[i] = strides[i + 1] * x.shape[i + 1] }
        var base = 0
        for axis in 0..<rank { base += begin[axis] * strides[axis] }
        let size = x.elementSize
        let inner = rank == 0 ? 1 : shape[rank - 1]
        let innerStep = rank == 0 ? 1 : step[rank - 1] * strides[rank - 1]
        var index = [Int](repeating: 0, count: max(rank - 1, 0))
        var offset = base
        for row in 0..<(count / inner) {
            let target = output.buffer.raw + row * inner * size
            if innerStep == 1 {
                target.copyMemory(from: x.buffer.raw + offset * size, byteCount: inner * size)
            } else {
                for i in 0..<inner {
                    (target + i * size).copyMemory(from: x.buffer.raw + (offset + i * innerStep) * size, byteCount: size)
                }
            }
            var axis = rank - 2
            while axis >= 0 {
                index[axis] += 1
                offset += step[axis] * strides[axis]
                if index[axis] < shape[axis] { break }
                offset -= step[axis] * strides[axis] * shape[axis]
                index[axis] = 0
                axis -= 1
            }
        }
        return [output]
    }
}
