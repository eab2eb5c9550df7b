// AnnotationGeometry: the boxes and points an `ImageAnnotator` draws, given either in pixels
// or as fractions of the image size — both with the origin at the top-left corner, y downwards.

/// A rectangle to draw. Both forms measure from the image's top-left corner with y growing
/// downwards; (x, y) is the rectangle's top-left corner.
public enum AnnotationBox: Sendable, Hashable {
    /// Pixels of the image (fractional values allowed; edges are rounded to whole pixels).
    case pixels(x: Double, y: Double, width: Double, height: Double)
    /// Fractions of the image's width (x, width) and height (y, height): (0, 0, 1, 1) is the
    /// whole image.
    case normalized(x: Double, y: Double, width: Double, height: Double)

    /// The whole pixels the box covers in an image of `size`: each edge rounded to the nearest
    /// pixel boundary, at least one pixel wide and tall, clipped to the image. Nil when the box
    /// lies outside the image, is empty or negative, or has a non-finite coordinate.
    func pixelRect(in size: ImageSize) -> ImageRect? {
        let (x, y, width, height): (Double, Double, Double, Double)
        switch self {
        case .pixels(let boxX, let boxY, let boxWidth, let boxHeight):
            (x, y, width, height) = (boxX, boxY, boxWidth, boxHeight)
        case .normalized(let boxX, let boxY, let boxWidth, let boxHeight):
            let imageWidth = Double(size.width), imageHeight = Double(size.height)
            (x, y, width, height) = (boxX * imageWidth, boxY * imageHeight, boxWidth * imageWidth, boxHeight * imageHeight)
        }
        guard x.isFinite, y.isFinite, width.isFinite, height.isFinite, width > 0, height > 0 else { return nil }
        let left = x.rounded(), top = y.rounded()
        let right = max((x + width).rounded(), left + 1), bottom = max((y + height).rounded(), top + 1)
        let clippedLeft = max(left, 0), clippedTop = max(top, 0)
        let clippedRight = min(right, Double(size.width)), clippedBottom = min(bottom, Double(size.height))
        guard clippedLeft < clippedRight, clippedTop < clippedBottom else { return nil }
        return ImageRect(x: Int(clippedLeft), y: Int(clippedTop),
                         width: Int(clippedRight - clippedLeft), height: Int(clippedBottom - clippedTop))
    }
}

/// A point to draw at, measured like `AnnotationBox`: from the top-left corner, y downwards.
public enum AnnotationPoint: Sendable, Hashable {
    /// Pixels of the image; (0.5, 0.5) is the centre of the top-left pixel.
    case pixels(x: Double, y: Double)
    /// Fractions of the image's width and height: (0.5, 0.5) is the image's centre.
    case normalized(x: Double, y: Double)

    /// The point in pixels of an image of `size`, or nil if a coordinate is not finite.
    /// Coordinates are limited to ±1,000,000,000 pixels, so that points far outside the image
    /// stay outside it but can be converted to whole pixels.
    func pixelPosition(in size: ImageSize) -> (x: Double, y: Double)? {
        let (x, y): (Double, Double)
        switch self {
        case .pixels(let pointX, let pointY): (x, y) = (pointX, pointY)
        case .normalized(let pointX, let pointY): (x, y) = (pointX * Double(size.width), pointY * Double(size.height))
        }
        guard x.isFinite, y.isFinite else { return nil }
        let limit = 1e9
        return (min(max(x, -limit), limit), min(max(y, -limit), limit))
    }
}
