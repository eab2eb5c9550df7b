// RGBImage: the decoded image value that every Imaging operation takes and returns.

/// An image of 8-bit RGB pixels stored interleaved (R, G, B, R, G, B, …) row by row from the
/// top-left corner, with no padding between rows. Decoders produce it upright (EXIF
/// orientation applied) and with any alpha composited over white.
public struct RGBImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height * 3` bytes: pixel (x, y) starts at index `(y * width + x) * 3`.
    public private(set) var pixels: [UInt8]

    /// Wraps existing pixels. `pixels.count` must be `width * height * 3` and both sides at
    /// least 1.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0, "An RGBImage needs a positive size, got \(width)×\(height)")
        precondition(pixels.count == width * height * 3,
                     "A \(width)×\(height) RGBImage needs \(width * height * 3) bytes, got \(pixels.count)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image filled with one colour.
    public init(width: Int, height: Int, color: RGBColor) {
        precondition(width > 0 && height > 0, "An RGBImage needs a positive size, got \(width)×\(height)")
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for index in stride(from: 0, to: pixels.count, by: 3) {
            pixels[index] = color.red
            pixels[index + 1] = color.green
            pixels[index + 2] = color.blue
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// Creates an image whose pixel bytes are written by `initializer`, which receives exactly
    /// `width * height * 3` uninitialised bytes and must write every one of them.
    init(width: Int, height: Int,
         initializingPixelsWith initializer: (UnsafeMutableBufferPointer<UInt8>) throws -> Void) rethrows {
        let count = width * height * 3
        let pixels = try [UInt8](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            try initializer(UnsafeMutableBufferPointer(rebasing: buffer[0 ..< count]))
            initializedCount = count
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    public var size: ImageSize { ImageSize(width: width, height: height) }

    /// The colour of the pixel in column `x`, row `y` (0-based, from the top-left).
    public subscript(x: Int, y: Int) -> RGBColor {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height,
                         "Pixel (\(x), \(y)) is outside the \(width)×\(height) image")
            let index = (y * width + x) * 3
            return RGBColor(red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height,
                         "Pixel (\(x), \(y)) is outside the \(width)×\(height) image")
            let index = (y * width + x) * 3
            pixels[index] = newValue.red
            pixels[index + 1] = newValue.green
            pixels[index + 2] = newValue.blue
        }
    }
}
