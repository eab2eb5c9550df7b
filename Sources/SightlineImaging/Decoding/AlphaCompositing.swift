// AlphaCompositing: RGBA pixels (straight, not premultiplied alpha) → RGB over a white background.

enum AlphaCompositing {
    /// Blends each RGBA pixel over white in sRGB values, as pasting onto a white canvas does:
    /// out = (c · a + 255 · (255 − a)) / 255, rounded to nearest. `rgb.count` must be three
    /// quarters of `rgba.count`.
    static func compositeOverWhite(_ rgba: UnsafeBufferPointer<UInt8>, into rgb: UnsafeMutableBufferPointer<UInt8>) {
        precondition(rgba.count / 4 * 3 == rgb.count, "RGBA and RGB buffers hold different pixel counts")
        for pixel in 0 ..< rgba.count / 4 {
            let source = pixel * 4
            let alpha = Int(rgba[source + 3])
            let background = 255 * (255 - alpha)
            for channel in 0 ..< 3 {
                let blended = Int(rgba[source + channel]) * alpha + background
                rgb[pixel * 3 + channel] = UInt8((blended + 127) / 255)
            }
        }
    }

    /// An image whose pixels `decode` writes: as RGBA when `hasAlpha` (then composited over
    /// white here), as RGB otherwise. Shared by the decoders whose libraries give either.
    static func image(width: Int, height: Int, hasAlpha: Bool,
                      decode: (UnsafeMutableBufferPointer<UInt8>) throws -> Void) throws -> RGBImage {
        guard hasAlpha else { return try RGBImage(width: width, height: height) { try decode($0) } }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        try rgba.withUnsafeMutableBufferPointer { try decode($0) }
        return RGBImage(width: width, height: height) { rgb in
            rgba.withUnsafeBufferPointer { compositeOverWhite($0, into: rgb) }
        }
    }
}
