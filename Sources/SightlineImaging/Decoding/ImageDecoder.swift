// ImageDecoder: the entry point for turning JPEG, PNG or WebP bytes into an upright RGBImage,
// choosing the decoder by magic bytes and enforcing the pixel limit before any pixel is decoded.
public import Foundation

/// Decodes image files and data into `RGBImage`s.
public enum ImageDecoder {
    /// How many leading bytes an `unrecognizedFormat` error keeps to describe the data.
    private static let describedByteCount = 24

    /// Decodes JPEG, PNG or WebP data (recognised by its first bytes, whatever the file was
    /// called) into upright RGB pixels.
    ///
    /// - Throws: `ImagingError` — `.emptyData`, `.unrecognizedFormat`, `.unsupportedFormat`
    ///   (HEIC, AVIF, GIF, BMP, TIFF, JPEG XL), `.unsupportedFeature`, `.truncatedData`,
    ///   `.corruptData`, `.zeroSizedImage` or `.tooManyPixels`.
    public static func decode(data: Data, options: DecodeOptions = DecodeOptions()) throws -> RGBImage {
        try decode(data: data, options: options, neededRegion: nil)
    }

    /// `decode(data:options:)`, with the size of the whole image (upright when orientation is
    /// applied): larger than the pixels when `options.targetSize` let a JPEG be decoded at a
    /// reduced scale, for a caller that gives positions in the whole image's pixels.
    public static func decodeWithFullSize(data: Data, options: DecodeOptions) throws -> (image: RGBImage, fullSize: ImageSize) {
        var fullSize = ImageSize(width: 0, height: 0)
        let image = try decode(data: data, options: options, neededRegion: nil) { fullSize = $0 }
        return (image, fullSize)
    }

    /// The number of pixels `decode(data:options:)` would produce, read from the header alone —
    /// a JPEG at the scale `options.targetSize` allows — so that a caller can reserve the memory
    /// before decoding; nil when the data is not a supported format or its header declares no
    /// size (decoding then says what is wrong).
    ///
    /// - Throws: `ImagingError.tooManyPixels`, `.extremeAspectRatio` or `.zeroSizedImage`, as
    ///   decoding would.
    public static func plannedPixelCount(data: Data, options: DecodeOptions = DecodeOptions()) throws -> Int? {
        try data.withUnsafeBytes { bytes in
            let format = ImageFormat.detect(in: ByteReader(bytes: bytes))
            let declared: ImageSize?
            switch format {
            case .jpeg: return try JPEGDecoder.plannedSize(bytes, options: options).map { $0.width * $0.height }
            case .png: declared = PNGStructure(scanning: bytes).declaredSize
            case .webp: declared = WebPStructure(scanning: bytes).declaredSize
            default: return nil
            }
            guard let declared, let format else { return nil }
            try options.checkDimensions(width: declared.width, height: declared.height, format: format)
            return declared.width * declared.height
        }
    }

    /// Throws what decoding would for what the first bytes and the header alone show — no bytes,
    /// not an image, a format Sightline does not decode, too many pixels, an extreme shape — so
    /// that a caller can refuse such data before doing any work for it. Data that passes may
    /// still fail to decode.
    public static func checkHeader(data: Data, options: DecodeOptions = DecodeOptions()) throws {
        try data.withUnsafeBytes { bytes in _ = try decodableFormat(of: bytes) }
        _ = try plannedPixelCount(data: data, options: options)
    }

    /// The formats Sightline decodes.
    private enum DecodableFormat { case jpeg, png, webp }

    /// The format of `bytes`, when Sightline decodes it.
    ///
    /// - Throws: `.emptyData`, `.unrecognizedFormat` or `.unsupportedFormat`.
    private static func decodableFormat(of bytes: UnsafeRawBufferPointer) throws -> DecodableFormat {
        guard !bytes.isEmpty else { throw ImagingError.emptyData }
        guard let format = ImageFormat.detect(in: ByteReader(bytes: bytes)) else {
            throw ImagingError.unrecognizedFormat(leadingBytes: Array(bytes.prefix(describedByteCount)))
        }
        switch format {
        case .jpeg: return .jpeg
        case .png: return .png
        case .webp: return .webp
        case .heic, .avif, .gif, .bmp, .tiff, .jpegXL: throw ImagingError.unsupportedFormat(format)
        }
    }

    /// `decode(data:options:)` for a caller that reads only `neededRegion(size)` of the
    /// result: JPEG pixels outside it may be left undecoded (black).
    static func decode(data: Data, options: DecodeOptions, neededRegion: ((ImageSize) -> ImageRect)?,
                       fullSize: (ImageSize) -> Void = { _ in }) throws -> RGBImage {
        try data.withUnsafeBytes { bytes in
            let decoded: DecodedImage
            switch try decodableFormat(of: bytes) {
            case .jpeg: decoded = try JPEGDecoder.decode(bytes, options: options, neededRegion: neededRegion)
            case .png: decoded = try PNGDecoder.decode(bytes, options: options)
            case .webp: decoded = try WebPDecoder.decode(bytes, options: options)
            }
            let swaps = options.applyOrientation && decoded.orientation.swapsWidthAndHeight
            fullSize(swaps ? decoded.storedSize.transposed : decoded.storedSize)
            return options.applyOrientation ? decoded.image.applyingOrientation(decoded.orientation) : decoded.image
        }
    }

    /// Reads and decodes an image file; see `decode(data:options:)`.
    ///
    /// - Throws: `ImagingError.fileUnreadable` when the file cannot be read or is not a regular
    ///   file (`PhotoFileReader`), otherwise as `decode(data:options:)`.
    public static func decode(contentsOf url: URL, options: DecodeOptions = DecodeOptions()) throws -> RGBImage {
        try decode(data: PhotoFileReader.read(url), options: options)
    }
}
