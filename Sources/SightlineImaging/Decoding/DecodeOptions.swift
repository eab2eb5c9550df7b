// DecodeOptions: the caller's limits and wishes for one decode — pixel limit, the size it will
// need (enabling reduced-scale JPEG decoding) and whether to apply EXIF orientation.

/// Settings for `ImageDecoder`.
public struct DecodeOptions: Sendable, Hashable {
    /// 100 megapixels: larger images are refused unless `maxPixels` is raised.
    public static let defaultMaxPixels = 100_000_000

    /// Images with more than this many pixels (width × height as stored) are refused with
    /// `ImagingError.tooManyPixels` after reading the header and before decoding any pixels.
    public var maxPixels: Int

    /// The smallest width and height the caller will use (of the upright image when
    /// `applyOrientation` is set), or nil for full size. A JPEG
    /// is then decoded at the smallest DCT scale (1/8, 1/4, 1/2 or 1) that keeps both sides at
    /// least this large, choosing exactly as Pillow's `Image.draft("RGB", targetSize)` does;
    /// other formats decode at full size. The result may therefore be larger than the target.
    public var targetSize: ImageSize?

    /// Rotate and flip the pixels as the EXIF orientation tag says, so the result is upright.
    public var applyOrientation: Bool

    public init(maxPixels: Int = DecodeOptions.defaultMaxPixels, targetSize: ImageSize? = nil,
                applyOrientation: Bool = true) {
        self.maxPixels = maxPixels
        self.targetSize = targetSize
        self.applyOrientation = applyOrientation
    }

    /// Throws unless an image of `width`×`height` has at least one pixel and is within `maxPixels`.
    func checkDimensions(width: Int, height: Int, format: ImageFormat) throws {
        guard width > 0, height > 0 else {
            throw ImagingError.zeroSizedImage(format, width: width, height: height)
        }
        let (pixelCount, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixelCount <= maxPixels else {
            throw ImagingError.tooManyPixels(width: width, height: height, limit: maxPixels)
        }
    }
}
