// DecodeOptions: the caller's limits and wishes for one decode — pixel limit, aspect-ratio limit,
// the size it will need (enabling reduced-scale JPEG decoding) and whether to apply EXIF
// orientation.

/// Settings for `ImageDecoder`.
public struct DecodeOptions: Sendable, Hashable {
    /// 100 megapixels: larger images are refused unless `maxPixels` is raised.
    public static let defaultMaxPixels = 100_000_000
    /// 50:1: a longer strip is no photo (panoramas reach about 10:1), and a 1×1,000,000 image
    /// makes every resampling table and analysis window degenerate.
    public static let defaultMaxAspectRatio = 50

    /// Images with more than this many pixels (width × height as stored) are refused with
    /// `ImagingError.tooManyPixels` after reading the header and before decoding any pixels.
    public var maxPixels: Int

    /// Images whose longer side is more than this many times the shorter are refused with
    /// `ImagingError.extremeAspectRatio` after reading the header and before decoding.
    public var maxAspectRatio: Int

    /// The smallest width and height the caller will use (of the upright image when
    /// `applyOrientation` is set), or nil for full size. A JPEG
    /// is then decoded at the smallest DCT scale (1/8, 1/4, 1/2 or 1) that keeps both sides at
    /// least this large, choosing exactly as Pillow's `Image.draft("RGB", targetSize)` does;
    /// other formats decode at full size. The result may therefore be larger than the target.
    public var targetSize: ImageSize?

    /// Rotate and flip the pixels as the EXIF orientation tag says, so the result is upright.
    public var applyOrientation: Bool

    public init(maxPixels: Int = DecodeOptions.defaultMaxPixels, targetSize: ImageSize? = nil,
                applyOrientation: Bool = true, maxAspectRatio: Int = DecodeOptions.defaultMaxAspectRatio) {
        self.maxPixels = maxPixels
        self.maxAspectRatio = maxAspectRatio
        self.targetSize = targetSize
        self.applyOrientation = applyOrientation
    }

    /// Throws unless an image of `width`×`height` has at least one pixel, is within `maxPixels`
    /// and within `maxAspectRatio`.
    func checkDimensions(width: Int, height: Int, format: ImageFormat) throws {
        guard width > 0, height > 0 else {
            throw ImagingError.zeroSizedImage(format, width: width, height: height)
        }
        let (pixelCount, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixelCount <= maxPixels else {
            throw ImagingError.tooManyPixels(width: width, height: height, limit: maxPixels)
        }
        let (longestAllowed, beyondInt) = min(width, height).multipliedReportingOverflow(by: maxAspectRatio)
        guard beyondInt || max(width, height) <= longestAllowed else {
            throw ImagingError.extremeAspectRatio(width: width, height: height, limit: maxAspectRatio)
        }
    }
}
