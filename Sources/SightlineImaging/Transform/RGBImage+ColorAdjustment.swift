// RGBImage+ColorAdjustment: brightness, contrast and saturation changes — the "colour jitter"
// of data augmentation — applied in one pass over the pixels.

/// Factors for `RGBImage.adjustingColor(_:)`; 1 leaves that property unchanged.
public struct ColorAdjustment: Sendable, Hashable {
    /// Every sample is multiplied by this (0 gives black).
    public var brightness: Double
    /// Every sample's distance from the image's mean luminance is multiplied by this (0 gives
    /// flat grey at the mean).
    public var contrast: Double
    /// Every sample's distance from its pixel's luminance is multiplied by this (0 gives grey
    /// levels).
    public var saturation: Double

    /// - Precondition: all factors are finite and not negative.
    public init(brightness: Double = 1, contrast: Double = 1, saturation: Double = 1) {
        precondition([brightness, contrast, saturation].allSatisfy { $0.isFinite && $0 >= 0 },
                     "colour adjustment factors must be finite and not negative, got \(brightness), \(contrast), \(saturation)")
        self.brightness = brightness
        self.contrast = contrast
        self.saturation = saturation
    }

    /// Luminance of an RGB sample triple, ITU-R BT.601 weights.
    static func luminance(_ red: Double, _ green: Double, _ blue: Double) -> Double {
        0.299 * red + 0.587 * green + 0.114 * blue
    }
}

extension RGBImage {
    /// The image with `adjustment` applied in this order: brightness, then contrast (around the
    /// mean luminance of the brightened image), then saturation (around each pixel's luminance).
    /// Results are rounded and clamped to 0–255.
    public func adjustingColor(_ adjustment: ColorAdjustment) -> RGBImage {
        if adjustment == ColorAdjustment() { return self }
        let brightness = adjustment.brightness, contrast = adjustment.contrast, saturation = adjustment.saturation
        return pixels.withUnsafeBufferPointer { source in
            var luminanceSum = 0.0
            for index in stride(from: 0, to: source.count, by: 3) {
                luminanceSum += ColorAdjustment.luminance(Double(source[index]), Double(source[index + 1]),
                                                          Double(source[index + 2]))
            }
            let meanLuminance = luminanceSum * brightness / Double(width * height)
            return RGBImage(width: width, height: height) { destination in
                for index in stride(from: 0, to: source.count, by: 3) {
                    var red = Double(source[index]) * brightness
                    var green = Double(source[index + 1]) * brightness
                    var blue = Double(source[index + 2]) * brightness
                    // Factors of 1 are skipped so that they leave the samples exactly as they are.
                    if contrast != 1 {
                        red = meanLuminance + (red - meanLuminance) * contrast
                        green = meanLuminance + (green - meanLuminance) * contrast
                        blue = meanLuminance + (blue - meanLuminance) * contrast
                    }
                    if saturation != 1 {
                        let luminance = ColorAdjustment.luminance(red, green, blue)
                        red = luminance + (red - luminance) * saturation
                        green = luminance + (green - luminance) * saturation
                        blue = luminance + (blue - luminance) * saturation
                    }
                    destination[index] = clampedSample(red)
                    destination[index + 1] = clampedSample(green)
                    destination[index + 2] = clampedSample(blue)
                }
            }
        }
    }
}

/// `value` rounded to the nearest integer and clamped to 0–255.
private func clampedSample(_ value: Double) -> UInt8 {
    UInt8(min(max(value.rounded(), 0), 255))
}
