// SeededRandomGenerator: the one source of randomness in training — the validation split and
// the augmentation draws — so that the same seed always gives the same model. Its own shuffle
// and uniform draws keep results independent of the standard library's algorithms.

/// A small, fast deterministic generator (the SplitMix64 sequence).
public struct SeededRandomGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    /// A generator for one sub-task, independent of the others: the same `seed` and `stream`
    /// always give the same sequence, whatever order the streams are used in.
    public init(seed: UInt64, stream: UInt64) {
        var mixer = SeededRandomGenerator(seed: seed ^ (stream &* 0xD1B5_4A32_D192_ED03))
        state = mixer.next()
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A uniform draw from [0, 1) with 53 random bits.
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A uniform draw from `range`.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * nextUnit()
    }

    /// A uniform integer in 0 ..< `bound` (bound ≥ 1), without modulo bias.
    public mutating func index(below bound: Int) -> Int {
        precondition(bound > 0, "the bound must be at least 1, got \(bound)")
        let limit = UInt64(bound)
        let threshold = (0 &- limit) % limit  // 2⁶⁴ mod bound: draws below it would favour small values
        while true {
            let draw = next()
            if draw >= threshold { return Int(draw % limit) }
        }
    }

    /// `elements` in a uniformly random order (Fisher–Yates).
    public mutating func shuffled<Element>(_ elements: [Element]) -> [Element] {
        var result = elements
        var remaining = result.count
        while remaining > 1 {
            let chosen = index(below: remaining)
            remaining -= 1
            result.swapAt(remaining, chosen)
        }
        return result
    }
}
