// Broadcast: NumPy-style multidirectional broadcasting for the binary element-wise
// operators. Shapes are aligned on the right; adjacent dimensions that are laid out
// contiguously in every operand are merged so inner loops run as long as possible.

struct Broadcast {
    /// The broadcast result shape, or nil if the shapes are incompatible.
    static func shape(_ a: [Int], _ b: [Int]) -> [Int]? {
        let rank = max(a.count, b.count)
        var result = [Int](repeating: 1, count: rank)
        for i in 0..<rank {
            let da = i < rank - a.count ? 1 : a[i - (rank - a.count)]
            let db = i < rank - b.count ? 1 : b[i - (rank - b.count)]
            if da == db || db == 1 { result[i] = da } else if da == 1 { result[i] = db } else { return nil }
        }
        return result
    }

    /// Merged output dimensions with each operand's element strides (0 where broadcast).
    let dims: [Int]
    let stridesA: [Int]
    let stridesB: [Int]

    init(output: [Int], a: [Int], b: [Int]) {
        func strides(_ shape: [Int]) -> [Int] {
            var result = [Int](repeating: 0, count: output.count)
            var step = 1
            for i in stride(from: output.count - 1, through: 0, by: -1) {
                let j = i - (output.count - shape.count)
                if j >= 0 {
                    result[i] = shape[j] == 1 ? 0 : step
                    step *= shape[j]
                }
            }
            return result
        }
        var d: [Int] = []
        var sa: [Int] = []
        var sb: [Int] = []
        let fullA = strides(a), fullB = strides(b)
        for i in 0..<output.count where output[i] != 1 {
            if let last = d.last,
               sa.last! == fullA[i] * output[i] && sb.last! == fullB[i] * output[i] {
                d[d.count - 1] = last * output[i]
                sa[sa.count - 1] = fullA[i]
                sb[sb.count - 1] = fullB[i]
            } else {
                d.append(output[i])
                sa.append(fullA[i])
                sb.append(fullB[i])
            }
        }
        if d.isEmpty {
            d = [1]; sa = [0]; sb = [0]
        }
        dims = d
        stridesA = sa
        stridesB = sb
    }

    /// Calls `row(outputOffset, offsetA, offsetB)` for every innermost row; the row has
    /// `dims.last` elements with strides `stridesA.last` / `stridesB.last`.
    func forEachRow(_ row: (Int, Int, Int) -> Void) {
        let outer = dims.dropLast().reduce(1, *)
        let inner = dims.last!
        var index = [Int](repeating: 0, count: dims.count)
        var offsetA = 0, offsetB = 0
        for r in 0..<outer {
            row(r * inner, offsetA, offsetB)
            var axis = dims.count - 2
            while axis >= 0 {
                index[axis] += 1
                offsetA += stridesA[axis]
                offsetB += stridesB[axis]
                if index[axis] < dims[axis] { break }
                offsetA -= stridesA[axis] * dims[axis]
                offsetB -= stridesB[axis] * dims[axis]
                index[axis] = 0
                axis -= 1
            }
        }
    }
}
