// RGBImage+Detail: how much an image shows — the mean brightness change between neighbouring
// pixels, measured at a fixed small size so that it does not depend on the resolution. A plain
// surface (a white board, a wall, a table top) scores near 0; objects and textures score higher.

extension RGBImage {
    /// The side of the square the image is resampled to before measuring.
    public static let detailSide = 64

    /// The mean absolute brightness difference (0…255) between horizontally neighbouring pixels
    /// plus that between vertically neighbouring ones, after resampling the image to
    /// `detailSide`×`detailSide`; brightness is the mean of the three channels.
    public var detail: Double {
        let side = Self.detailSide
        let small = resized(width: side, height: side)
        var brightness = [Double](repeating: 0, count: side * side)
        for index in brightness.indices {
            brightness[index] = (Double(small.pixels[index * 3]) + Double(small.pixels[index * 3 + 1])
                + Double(small.pixels[index * 3 + 2])) / 3
        }
        var horizontal = 0.0, vertical = 0.0
        for y in 0 ..< side {
            for x in 0 ..< side {
                let index = y * side + x
                if x + 1 < side { horizontal += abs(brightness[index + 1] - brightness[index]) }
                if y + 1 < side { vertical += abs(brightness[index + side] - brightness[index]) }
            }
        }
        let pairs = Double(side * (side - 1))
        return horizontal / pairs + vertical / pairs
    }
}
