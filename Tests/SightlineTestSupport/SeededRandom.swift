// SeededRandom: the deterministic generator tests draw from, so that fuzz-style tests mutate
// their inputs the same way on every run — the sequence of Vision's SeededRandomGenerator
// (SplitMix64, the one the trainers use), for test targets that do not import Vision.
import SightlineTraining
import SightlineVision

public struct SeededRandom: RandomNumberGenerator {
    private var generator: SeededRandomGenerator

    public init(seed: UInt64) {
        generator = SeededRandomGenerator(seed: seed)
    }

    public mutating func next() -> UInt64 {
        generator.next()
    }
}
