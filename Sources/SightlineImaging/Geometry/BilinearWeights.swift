// BilinearWeights: the precomputed resampling table for one axis of a Pillow-compatible
// antialiased bilinear resize (a triangle filter widened by the downscale factor), for the
// output indices a window needs only — its size follows the window, never the whole resized
// length (a 1×1,000,000 photo resized to 256 pixels across is 256,000,000 pixels long).

/// For every output index of a window along one axis: which run of input samples it reads and their
/// weights, as 22-bit fixed-point integers. The numbers follow Pillow's `Image.resize(…,
/// BILINEAR)`: weights computed in double precision, normalised to sum to one, then rounded to
/// fixed point as in Pillow's 8-bit path, so resized pixels match Pillow's.
struct BilinearWeights {
    /// Fractional bits of the fixed-point weights; 8-bit samples times weights summing to one
    /// stay well inside Int32. The resize passes (CSightlineResample) round and shift by it.
    static let precisionBits: Int32 = 22

    /// Weights stored per output index (the largest run any output reads).
    let taps: Int
    /// The output indices the table holds; entry `i` is output `outputs.lowerBound + i`.
    let outputs: Range<Int>
    /// First input index read by each output index.
    let firstInput: [Int]
    /// Number of input samples read by each output index (at most `taps`).
    let inputCount: [Int]
    /// `taps` weights per output index; entries past `inputCount` are zero.
    let weights: [Int32]

    /// The table for `outputs` (inside 0 ..< outputSize) of a resize from `inputSize` samples
    /// to `outputSize`.
    init(inputSize: Int, outputSize: Int, outputs: Range<Int>) {
        precondition(outputs.lowerBound >= 0 && outputs.upperBound <= outputSize, "\(outputs) is not inside 0 ..< \(outputSize)")
        let scale = Double(inputSize) / Double(outputSize)
        // Downscaling by s widens the unit triangle to cover s input samples on each side, which
        // is what makes the filter antialiased.
        let filterScale = max(scale, 1)
        let support = filterScale
        let inverseFilterScale = 1 / filterScale
        let taps = Int(support.rounded(.up)) * 2 + 1
        var firstInput = [Int](repeating: 0, count: outputs.count)
        var inputCount = [Int](repeating: 0, count: outputs.count)
        var weights = [Int32](repeating: 0, count: outputs.count * taps)
        var raw = [Double](repeating: 0, count: taps)
        for (entry, output) in outputs.enumerated() {
            let center = (Double(output) + 0.5) * scale
            // Int(_:) truncates toward zero, as the C casts in Pillow do.
            let first = max(0, Int(center - support + 0.5))
            let count = min(inputSize, Int(center + support + 0.5)) - first
            var total = 0.0
            for tap in 0 ..< count {
                let weight = Self.triangle((Double(tap + first) - center + 0.5) * inverseFilterScale)
                raw[tap] = weight
                total += weight
            }
            for tap in 0 ..< count {
                let normalised = total != 0 ? raw[tap] / total : raw[tap]
                weights[entry * taps + tap] = Int32(0.5 + normalised * Double(1 << Self.precisionBits))
            }
            firstInput[entry] = first
            inputCount[entry] = count
        }
        self.taps = taps
        self.outputs = outputs
        self.firstInput = firstInput
        self.inputCount = inputCount
        self.weights = weights
    }

    /// The unit triangle ("tent") filter: 1 at 0, falling linearly to 0 at ±1.
    private static func triangle(_ x: Double) -> Double {
        let distance = abs(x)
        return distance < 1 ? 1 - distance : 0
    }

    /// The input samples the table's outputs read, from the first one's start to the furthest end.
    var inputRange: Range<Int> {
        var lower = Int.max, upper = 0
        for entry in firstInput.indices {
            lower = min(lower, firstInput[entry])
            upper = max(upper, firstInput[entry] + inputCount[entry])
        }
        return lower ..< upper
    }
}
