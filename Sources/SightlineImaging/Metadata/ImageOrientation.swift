// ImageOrientation: the eight values of the EXIF/TIFF Orientation tag (0x0112), named after
// the transform that makes the stored pixels upright.

/// How stored pixels relate to the upright picture, as EXIF tag 0x0112 records it. The names
/// say where the picture's top ended up in the stored pixels (as in Apple's
/// `CGImagePropertyOrientation`); the comments say what makes them upright.
public enum ImageOrientation: Int, Sendable, CaseIterable {
    /// 1: already upright.
    case up = 1
    /// 2: mirror left–right to make upright.
    case upMirrored = 2
    /// 3: rotate 180°.
    case down = 3
    /// 4: mirror top–bottom.
    case downMirrored = 4
    /// 5: transpose (mirror across the top-left to bottom-right diagonal).
    case leftMirrored = 5
    /// 6: rotate 90° clockwise.
    case right = 6
    /// 7: transverse (mirror across the top-right to bottom-left diagonal).
    case rightMirrored = 7
    /// 8: rotate 90° counter-clockwise.
    case left = 8

    /// Whether making the pixels upright exchanges width and height (values 5–8).
    public var swapsWidthAndHeight: Bool { rawValue >= 5 }
}
