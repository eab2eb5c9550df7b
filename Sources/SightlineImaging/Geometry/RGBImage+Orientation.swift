// RGBImage+Orientation: rotating and mirroring pixels so an image stored with an EXIF
// orientation becomes upright.

extension RGBImage {
    /// The upright image for pixels stored with `orientation` (see `ImageOrientation`); the
    /// result is `height`×`width` for orientations 5–8.
    public func applyingOrientation(_ orientation: ImageOrientation) -> RGBImage {
        if orientation == .up { return self }
        // Each upright pixel (x, y) comes from stored pixel index start + x·stepX + y·stepY.
        let w = width, h = height
        let lastRow = (h - 1) * w, lastColumn = w - 1
        let (start, stepX, stepY): (Int, Int, Int)
        switch orientation {
        case .up: (start, stepX, stepY) = (0, 1, w)
        case .upMirrored: (start, stepX, stepY) = (lastColumn, -1, w)
        case .down: (start, stepX, stepY) = (lastRow + lastColumn, -1, -w)
        case .downMirrored: (start, stepX, stepY) = (lastRow, 1, -w)
        case .leftMirrored: (start, stepX, stepY) = (0, w, 1)
        case .right: (start, stepX, stepY) = (lastRow, -w, 1)
        case .rightMirrored: (start, stepX, stepY) = (lastRow + lastColumn, -w, -1)
        case .left: (start, stepX, stepY) = (lastColumn, w, -1)
        }
        let upright = orientation.swapsWidthAndHeight ? size.transposed : size
        return pixels.withUnsafeBufferPointer { source in
            RGBImage(width: upright.width, height: upright.height) { destination in
                var output = 0
                for y in 0 ..< upright.height {
                    var input = start + y * stepY
                    for _ in 0 ..< upright.width {
                        destination[output] = source[input * 3]
                        destination[output + 1] = source[input * 3 + 1]
                        destination[output + 2] = source[input * 3 + 2]
                        output += 3
                        input += stepX
                    }
                }
            }
        }
    }
}
