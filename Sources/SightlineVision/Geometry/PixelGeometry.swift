// PixelGeometry: points and rectangles in pixels of an upright image (origin top-left, y
// downwards), the coordinates face and object observations are given in.

/// A point in pixels of the upright image: x to the right, y downwards from the top-left corner.
public struct PixelPoint: Sendable, Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public var description: String { "(\(x), \(y))" }
}

/// A rectangle in pixels of the upright image; (x, y) is its top-left corner.
public struct PixelRect: Sendable, Hashable, CustomStringConvertible {
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

    public var area: Double { max(0, width) * max(0, height) }

    /// Intersection over union with `other`: 1 for the same rectangle, 0 when they do not overlap.
    public func intersectionOverUnion(with other: PixelRect) -> Double {
        let overlapWidth = min(x + width, other.x + other.width) - max(x, other.x)
        let overlapHeight = min(y + height, other.y + other.height) - max(y, other.y)
        guard overlapWidth > 0, overlapHeight > 0 else { return 0 }
        let intersection = overlapWidth * overlapHeight
        return intersection / (area + other.area - intersection)
    }

    public var description: String { "\(width)×\(height) at (\(x), \(y))" }
}
