// BilinearWeights: the precomputed resampling table for one axis of a Pillow-compatible
// antialiased bilinear resize (a triangle filter widened by the downscale factor).

/// For every output index along one axis: which run of input samples it reads and their
/// weights, as 22-bit fixed-point integers. The numbers follow Pillow's `Image.resize(…,
/// BILINEAR)`: weights computed in double precision, normalised to sum to one, then rounded to
/// fixed point as in Pillow's 8-bit path, so resized pixels match Pillow's.
struct BilinearWeights {
    /// Fractional bits of the fixed-point weights; 8-bit samples times weights summing to one
    /// stay well inside Int32. The resize passes (CSightlineResample) round and shift by it.
    static let precisionBits: Int32 = 22

    /// Weights stored per output index (the largest run any output reads).
    let taps: Int
    /// First input index read by each output index.
    let firstInput: [Int]
    /// Number of input samples read by each output index (at most `taps`).
    let inputCount: [Int]
    /// `taps` weights per output index; entries past `inputCount` are zero.
    let weights: [Int32]

    init(inputSize: Int, outputSize: Int) {
        let scale = Double(inputSize) / Double(outputSize)
        // Downscaling by s widens the unit triangle to cover s input samples on each side, which
        // is what makes the filter antialiased.
        let filterScale = max(scale, 1)
        let support = filterScale
        let inverseFilterScale = 1 / filterScale
        let taps = Int(support.rounded(.up)) * 2 + 1
        var firstInput = [Int](repeating: 0, count: outputSize)
        var inputCount = [Int](repeating: 0, count: outputSize)
        var weights = [Int32](repeating: 0, count: outputSize * taps)
        var raw = [Double](repeating: 0, count: taps)
        for output in 0 ..< outputSize {
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
                weights[output * taps + tap] = Int32(0.5 + normalised * Double(1 << Self.precisionBits))
            }
            firstInput[output] = first
            inputCount[output] = count
        }
        self.taps = taps
        self.firstInput = firstInput
        self.inputCount = inputCount
        self.weights = weights
    }

    /// The unit triangle ("tent") filter: 1 at 0, falling linearly to 0 at ±1.
    private static func triangle(_ x: Double) -> Double {
        let distance = abs(x)
        return distance < 1 ? 1 - distance : 0
    }

    /// The input samples `outputs` read, from the first one's start to the furthest end.
    func inputRange(for outputs: Range<Int>) -> Range<Int> {
        var lower = Int.max, upper = 0
        for output in outputs {
            lower = min(lower, firstInput[output])
            upper = max(upper, firstInput[output] + inputCount[output])
        }
        return lower ..< upper
    }
}
