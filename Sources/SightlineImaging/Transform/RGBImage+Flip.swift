// RGBImage+Flip: mirror images — left and right swapped, or top and bottom — for data
// augmentation and for any caller that needs a mirrored copy.

extension RGBImage {
    /// The image mirrored left to right: pixel (x, y) comes from (width − 1 − x, y).
    public func flippedHorizontally() -> RGBImage {
        applyingOrientation(.upMirrored)
    }

    /// The image mirrored top to bottom: pixel (x, y) comes from (x, height − 1 − y).
    public func flippedVertically() -> RGBImage {
        applyingOrientation(.downMirrored)
    }
}
