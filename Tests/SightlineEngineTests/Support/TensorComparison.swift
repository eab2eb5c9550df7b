// TensorComparison: compares an engine output with a reference tensor — same shape, same
// element type, float32 values within a relative tolerance, int64 values exactly — and
// describes the worst difference (flat and multi-dimensional index, both values) when not.

import SightlineEngine

enum TensorComparison {
    /// nil when `actual` matches `expected`; otherwise what differs.
    ///
    /// A float32 element matches when |actual − expected| ≤ tolerance · max(1, |expected|);
    /// NaN matches only NaN.
    static func difference(actual: Tensor, expected: Tensor, relativeTolerance: Float) -> String? {
        guard actual.shape == expected.shape else {
            return "shape \(actual.shape), expected \(expected.shape)"
        }
        guard actual.elementType == expected.elementType else {
            return "element type \(actual.elementType), expected \(expected.elementType)"
        }
        switch expected.elementType {
        case .float32:
            return floatDifference(actual.floats, expected.floats, shape: expected.shape,
                                   tolerance: Double(relativeTolerance))
        case .int64:
            return integerDifference(actual.int64s, expected.int64s, shape: expected.shape)
        }
    }

    private static func floatDifference(_ actual: [Float], _ expected: [Float], shape: [Int],
                                        tolerance: Double) -> String? {
        var worstIndex = -1
        var worstExcess = 0.0
        var failing = 0
        for index in expected.indices {
            let a = Double(actual[index]), e = Double(expected[index])
            if a.isNaN && e.isNaN { continue }
            let allowed = tolerance * max(1, abs(e))
            let error = (a.isNaN || e.isNaN) ? Double.infinity : abs(a - e)
            guard error > allowed else { continue }
            failing += 1
            let excess = error / allowed
            if excess > worstExcess {
                worstExcess = excess
                worstIndex = index
            }
        }
        guard worstIndex >= 0 else { return nil }
        let a = actual[worstIndex], e = expected[worstIndex]
        return "\(failing) of \(expected.count) values out of tolerance; worst at \(position(worstIndex, in: shape)): "
            + "\(a), expected \(e) (difference \(Float(abs(Double(a) - Double(e)))), "
            + "allowed \(Float(tolerance * max(1, abs(Double(e))))))"
    }

    private static func integerDifference(_ actual: [Int64], _ expected: [Int64], shape: [Int]) -> String? {
        let differing = expected.indices.filter { actual[$0] != expected[$0] }
        guard let first = differing.first else { return nil }
        return "\(differing.count) of \(expected.count) int64 values differ; first at \(position(first, in: shape)): "
            + "\(actual[first]), expected \(expected[first]) (actual \(actual.prefix(16)), expected \(expected.prefix(16)))"
    }

    /// "element 37 [0, 1, 2, 3]": the flat index and the per-axis index in a C-order tensor.
    static func position(_ flatIndex: Int, in shape: [Int]) -> String {
        var remainder = flatIndex
        var coordinates = [Int](repeating: 0, count: shape.count)
        for axis in shape.indices.reversed() where shape[axis] > 0 {
            coordinates[axis] = remainder % shape[axis]
            remainder /= shape[axis]
        }
        return "element \(flatIndex) \(coordinates)"
    }
}
