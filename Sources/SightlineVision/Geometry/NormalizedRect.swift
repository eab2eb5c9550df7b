// NormalizedRect: a rectangle in fractions of an image's width and height (origin top-left,
// y downwards) — the size-independent form of a box, as YOLO label files store them.

/// A rectangle measured in fractions of the image: x and width of its width, y and height of
/// its height, from the top-left corner with y growing downwards. (0, 0, 1, 1) is the whole
/// image. Unlike Apple Vision's normalised rectangles the origin is at the top, not the bottom.
public struct NormalizedRect: Sendable, Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle centred on (`centerX`, `centerY`), as YOLO label lines give boxes.
    public init(centerX: Double, centerY: Double, width: Double, height: Double) {
        self.init(x: centerX - width / 2, y: centerY - height / 2, width: width, height: height)
    }

    /// `rect` as fractions of an image of `imageWidth`×`imageHeight` pixels.
    public init(_ rect: PixelRect, imageWidth: Int, imageHeight: Int) {
        let width = Double(max(1, imageWidth)), height = Double(max(1, imageHeight))
        self.init(x: rect.x / width, y: rect.y / height, width: rect.width / width, height: rect.height / height)
    }

    /// The same rectangle in pixels of an image of `imageWidth`×`imageHeight`.
    public func pixelRect(imageWidth: Int, imageHeight: Int) -> PixelRect {
        PixelRect(x: x * Double(imageWidth), y: y * Double(imageHeight),
                  width: width * Double(imageWidth), height: height * Double(imageHeight))
    }

    public var area: Double { max(0, width) * max(0, height) }

    /// Intersection over union with `other`: 1 for the same rectangle, 0 when they do not
    /// overlap. Scaling both rectangles' axes leaves it unchanged, so it equals the IoU of the
    /// same boxes in pixels.
    public func intersectionOverUnion(with other: NormalizedRect) -> Double {
        let overlapWidth = min(x + width, other.x + other.width) - max(x, other.x)
        let overlapHeight = min(y + height, other.y + other.height) - max(y, other.y)
        guard overlapWidth > 0, overlapHeight > 0 else { return 0 }
        let intersection = overlapWidth * overlapHeight
        return intersection / (area + other.area - intersection)
    }

    public var description: String { "\(width)×\(height) at (\(x), \(y)) of the image" }
}
