// ImageRect: an axis-aligned rectangle of pixels, origin at the top-left corner of the image.

/// A rectangle of whole pixels. `x` grows to the right and `y` grows downwards from the
/// image's top-left corner; the rectangle covers columns `x ..< x + width` and rows
/// `y ..< y + height`.
public struct ImageRect: Sendable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// A `width`×`height` rectangle centred in an image of `size`, with Pillow's rounding of the
    /// left and top edges: `round((size.width − width) / 2)`, halves rounded to even as Python's
    /// `round` does (so crops match `Image.crop` boxes computed that way, e.g. torchvision's).
    public static func centered(width: Int, height: Int, in size: ImageSize) -> ImageRect {
        let left = (Double(size.width - width) / 2).rounded(.toNearestOrEven)
        let top = (Double(size.height - height) / 2).rounded(.toNearestOrEven)
        return ImageRect(x: Int(left), y: Int(top), width: width, height: height)
    }

    /// Whether the rectangle is non-empty and lies entirely inside an image of `size`.
    public func isNonEmptyAndInside(_ size: ImageSize) -> Bool {
        width > 0 && height > 0 && x >= 0 && y >= 0 && x <= size.width - width && y <= size.height - height
    }

    public var description: String { "\(width)×\(height) at (\(x), \(y))" }
}
