// PixelComparison: how far apart two images are, for assertions against reference decoders.
import SightlineImaging
import XCTest

struct PixelDifference {
    /// Largest absolute difference of any sample.
    let maximum: Int
    /// Mean absolute difference over all samples.
    let mean: Double
    /// Fraction of samples that differ by at most 1.
    let fractionWithinOne: Double

    init(_ first: RGBImage, _ second: RGBImage) {
        precondition(first.size == second.size, "Comparing images of different sizes")
        var maximum = 0, total = 0, withinOne = 0
        for (a, b) in zip(first.pixels, second.pixels) {
            let difference = abs(Int(a) - Int(b))
            maximum = max(maximum, difference)
            total += difference
            if difference <= 1 { withinOne += 1 }
        }
        self.maximum = maximum
        mean = Double(total) / Double(first.pixels.count)
        fractionWithinOne = Double(withinOne) / Double(first.pixels.count)
    }
}

