// CMYKConversion: CMYK JPEG pixels → RGB, with Adobe's inverted storage and the same integer
// formula as Pillow's CMYK → RGB conversion.

enum CMYKConversion {
    /// Converts 4-byte CMYK pixels as stored by Adobe-convention JPEGs (every channel inverted,
    /// 255 = no ink) to RGB: with ink c and k, R = (255 − k) − (c · (255 − k)) / 255, rounded.
    /// libjpeg writes an Adobe marker with every CMYK file and Pillow and browsers read all CMYK
    /// JPEGs this way; `rgb.count` must be three quarters of `cmyk.count`.
    static func convertAdobeCMYK(_ cmyk: UnsafeBufferPointer<UInt8>, toRGB rgb: UnsafeMutableBufferPointer<UInt8>) {
        precondition(cmyk.count / 4 * 3 == rgb.count, "CMYK and RGB buffers hold different pixel counts")
        for pixel in 0 ..< cmyk.count / 4 {
            let stored = pixel * 4
            let notBlack = Int(cmyk[stored + 3])  // inverted storage: 255 − k
            for channel in 0 ..< 3 {
                let ink = 255 - Int(cmyk[stored + channel])
                rgb[pixel * 3 + channel] = UInt8(notBlack - divideBy255Rounded(ink * notBlack))
            }
        }
    }

    /// `value / 255` rounded to nearest for 0 ≤ value ≤ 255 · 255, without a division.
    @inline(__always)
    static func divideBy255Rounded(_ value: Int) -> Int {
        let biased = value + 128
        return (biased >> 8 + biased) >> 8
    }
}
