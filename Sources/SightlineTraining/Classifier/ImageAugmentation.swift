// ImageAugmentation: how the extra training copies of a photo are made when training with
// augmentation — a random mirror, small rotation, crop and colour change per copy, drawn
// from a seeded generator so the same seed always makes the same copies.
import Foundation
public import SightlineImaging

/// The recipe for augmented copies of a training photo. Each copy applies, in order: a
/// horizontal flip (half of the copies), a rotation, a crop, and a colour change, each drawn
/// uniformly from the ranges below.
public struct ImageAugmentation: Sendable, Equatable {
    /// Augmented copies made of each training photo, besides the photo itself.
    public var copiesPerPhoto: Int
    /// Whether copies may be mirrored left to right.
    public var flips: Bool
    /// The largest rotation either way, in degrees (the rotated image is enlarged to fill
    /// the frame; see `RGBImage.rotated(byDegrees:)`).
    public var maximumRotationDegrees: Double
    /// The fraction of the photo's area a crop keeps.
    public var cropArea: ClosedRange<Double>
    /// The crop's width / height relative to the photo's, drawn on a log scale.
    public var cropAspectRatio: ClosedRange<Double>
    /// Brightness, contrast and saturation factors (see `ColorAdjustment`).
    public var brightness: ClosedRange<Double>
    public var contrast: ClosedRange<Double>
    public var saturation: ClosedRange<Double>

    /// The default recipe: 4 copies, flips, ±10°, crops keeping 60–100 % of the area with
    /// aspect ratios 3:4 to 4:3, and colour factors 0.8–1.2.
    public init(copiesPerPhoto: Int = 4, flips: Bool = true, maximumRotationDegrees: Double = 10,
                cropArea: ClosedRange<Double> = 0.6 ... 1, cropAspectRatio: ClosedRange<Double> = 0.75 ... (4.0 / 3),
                brightness: ClosedRange<Double> = 0.8 ... 1.2, contrast: ClosedRange<Double> = 0.8 ... 1.2,
                saturation: ClosedRange<Double> = 0.8 ... 1.2) {
        precondition(copiesPerPhoto >= 1, "an augmentation makes at least one copy, got \(copiesPerPhoto)")
        precondition(cropArea.lowerBound > 0 && cropArea.upperBound <= 1, "the crop area must lie in (0, 1], got \(cropArea)")
        precondition(cropAspectRatio.lowerBound > 0, "crop aspect ratios must be positive, got \(cropAspectRatio)")
        precondition(maximumRotationDegrees >= 0 && maximumRotationDegrees < 45,
                     "the rotation must be at least 0° and under 45°, got \(maximumRotationDegrees)")
        precondition([brightness, contrast, saturation].allSatisfy { $0.lowerBound >= 0 },
                     "colour factors must not be negative")
        self.copiesPerPhoto = copiesPerPhoto
        self.flips = flips
        self.maximumRotationDegrees = maximumRotationDegrees
        self.cropArea = cropArea
        self.cropAspectRatio = cropAspectRatio
        self.brightness = brightness
        self.contrast = contrast
        self.saturation = saturation
    }

    /// One augmented copy of `image`, using the next draws of `generator`.
    public func augmented(_ image: RGBImage, using generator: inout SeededRandomGenerator) -> RGBImage {
        var result = image
        if flips && generator.nextUnit() < 0.5 {
            result = result.flippedHorizontally()
        }
        let degrees = generator.uniform(-maximumRotationDegrees ... maximumRotationDegrees)
        result = result.rotated(byDegrees: degrees)
        result = result.cropped(to: crop(of: result.size, using: &generator))
        let color = ColorAdjustment(brightness: generator.uniform(brightness), contrast: generator.uniform(contrast),
                                    saturation: generator.uniform(saturation))
        return result.adjustingColor(color)
    }

    /// A random rectangle inside `size` keeping a `cropArea` fraction of its area, with a
    /// `cropAspectRatio` change of shape, at a uniform position.
    func crop(of size: ImageSize, using generator: inout SeededRandomGenerator) -> ImageRect {
        let area = generator.uniform(cropArea) * Double(size.width * size.height)
        let ratio = exp(generator.uniform(log(cropAspectRatio.lowerBound) ... log(cropAspectRatio.upperBound)))
            * Double(size.width) / Double(size.height)
        let width = min(max(Int((area * ratio).squareRoot().rounded()), 1), size.width)
        let height = min(max(Int((area / ratio).squareRoot().rounded()), 1), size.height)
        let x = generator.index(below: size.width - width + 1)
        let y = generator.index(below: size.height - height + 1)
        return ImageRect(x: x, y: y, width: width, height: height)
    }
}
