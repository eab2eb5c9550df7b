// JPEGDecoder: JPEG → RGBImage through libjpeg-turbo, refusing oversized images from the
// header, decoding at a reduced DCT scale when the caller needs a smaller image (at 1/8 through
// Sightline's DC-only decoder when the file allows), and only the part of it the caller will
// read when it says which.
import CSightlineJPEG
import CTurboJPEG

enum JPEGDecoder {
    /// The DCT scale reductions Pillow's `draft` considers, largest first.
    private static let draftDenominators: [Int32] = [8, 4, 2, 1]
    /// Progressive files with more scans are refused (TurboJPEG's TJFLAG_LIMITSCANS limit):
    /// each scan can cost a pass over the whole image, so a hostile file could take minutes.
    private static let maxScans: Int32 = 500
    /// Columns decoded on each side of a region beyond those the caller reads (see `decode`).
    private static let columnMargin = 4

    /// - Parameter neededRegion: given the size of the image the caller gets back (upright
    ///   when `options.applyOrientation`), the part of it the caller will read; pixels of the
    ///   file outside it (rows above and beside it, decoded by libjpeg without being rendered;
    ///   rows below it, not decoded at all) are left black. Only applied to whole files: a
    ///   file cut short is decoded in full, so it is refused exactly as without a region.
    static func decode(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions,
                       neededRegion: ((ImageSize) -> ImageRect)? = nil) throws -> DecodedImage {
        let structure = JPEGStructure(scanning: bytes)
        if let declared = structure.declaredSize {
            try options.checkDimensions(width: declared.width, height: declared.height, format: .jpeg)
        }
        let orientation = structure.exifRange
            .flatMap { ExifOrientationReader.orientation(in: UnsafeRawBufferPointer(rebasing: bytes[$0])) } ?? .up

        guard let handle = tjInitDecompress() else {
            throw ImagingError.libraryFailure(.jpeg, detail: String(cString: tjGetErrorStr2(nil)))
        }
        defer { tjDestroy(handle) }
        let source = bytes.bindMemory(to: UInt8.self)
        let sourceSize = UInt(source.count)

        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(handle, source.baseAddress, sourceSize, &width, &height,
                                  &subsampling, &colorspace) == 0 else {
            throw failure(String(cString: tjGetErrorStr2(handle)), structure: structure)
        }
        try options.checkDimensions(width: Int(width), height: Int(height), format: .jpeg)

        // The target describes the image the caller gets back: upright unless told otherwise.
        var target = options.targetSize
        if options.applyOrientation && orientation.swapsWidthAndHeight { target = target?.transposed }
        let denominator = scaleDenominator(width: width, height: height, target: target)
        let scaledWidth = (Int(width) + Int(denominator) - 1) / Int(denominator)
        let scaledHeight = (Int(height) + Int(denominator) - 1) / Int(denominator)

        let stored = ImageSize(width: scaledWidth, height: scaledHeight)
        var rows = 0 ..< scaledHeight, columns = 0 ..< scaledWidth
        if let neededRegion, structure.endsWithEndOfImage {
            let applied = options.applyOrientation ? orientation : .up
            let rect = applied.storedRect(of: neededRegion(applied.swapsWidthAndHeight ? stored.transposed : stored),
                                          storedSize: stored)
            rows = rect.y ..< rect.y + rect.height
            // libjpeg's smooth chroma upsampling treats the edges of a partial row as the image's
            // edges, so their outermost pixels may differ from a whole decode's: ask for a
            // margin of columns that are not read.
            columns = (rect.x - Self.columnMargin ..< rect.x + rect.width + Self.columnMargin).clamped(to: 0 ..< scaledWidth)
        }

        let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        func decompress(into destination: UnsafeMutableBufferPointer<UInt8>, pixels: sl_jpeg_pixels) throws {
            // Pixels outside the region are not decoded; they are black.
            if rows.count < scaledHeight || columns.count < scaledWidth { destination.initialize(repeating: 0) }
            // At 1/8 scale most photos take the DC-only decoder (same pixels, less work); the
            // files it declines, damaged ones included, go to libjpeg.
            if denominator == 8 && pixels == SL_JPEG_RGB
                && sl_jpeg_decode_eighth(source.baseAddress, source.count, destination.baseAddress,
                                         Int32(scaledWidth), Int32(scaledHeight),
                                         Int32(rows.lowerBound), Int32(rows.upperBound),
                                         Int32(columns.lowerBound), Int32(columns.upperBound)) == SL_JPEG_OK {
                return
            }
            var message = [CChar](repeating: 0, count: Int(SL_JPEG_MESSAGE_LENGTH))
            let status = sl_jpeg_decode_region(source.baseAddress, source.count, denominator, pixels,
                                               destination.baseAddress, Int32(scaledWidth), Int32(scaledHeight),
                                               Int32(rows.lowerBound), Int32(rows.upperBound),
                                               Int32(columns.lowerBound), Int32(columns.upperBound), maxScans, &message)
            // Warnings (e.g. "Corrupt JPEG data: 2 extraneous bytes") still produce a whole image,
            // which is kept, as Pillow does, unless the data was cut short.
            if status == SL_JPEG_OK || (status == SL_JPEG_WARNING && structure.endsWithEndOfImage) { return }
            throw failure(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
                          structure: structure)
        }

        let image: RGBImage
        if isCMYK {
            var cmyk = [UInt8](repeating: 0, count: scaledWidth * scaledHeight * 4)
            try cmyk.withUnsafeMutableBufferPointer { try decompress(into: $0, pixels: SL_JPEG_CMYK) }
            image = RGBImage(width: scaledWidth, height: scaledHeight) { rgb in
                cmyk.withUnsafeBufferPointer { CMYKConversion.convertAdobeCMYK($0, toRGB: rgb) }
            }
        } else {
            // Grayscale JPEGs are expanded to R = G = B by libjpeg-turbo itself.
            image = try RGBImage(width: scaledWidth, height: scaledHeight) { rgb in
                try decompress(into: rgb, pixels: SL_JPEG_RGB)
            }
        }
        return DecodedImage(image: image, orientation: orientation, storedSize: ImageSize(width: Int(width), height: Int(height)))
    }

    /// Pillow's `draft` rule: the largest reduction 1/s (s in 8, 4, 2, 1) with
    /// `width ≥ s · target.width` and `height ≥ s · target.height` (compared as ⌊width / s⌋ ≥
    /// target.width, which cannot overflow for any target), so each scaled side, ceil(side / s),
    /// is still at least the target. Only reductions TurboJPEG offers are used.
    /// The size (as stored) `decode` would produce with `options`, from the header alone; nil
    /// when the header does not declare one (`decode` then finds out what is wrong).
    static func plannedSize(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions) throws -> ImageSize? {
        let structure = JPEGStructure(scanning: bytes)
        guard let declared = structure.declaredSize else { return nil }
        try options.checkDimensions(width: declared.width, height: declared.height, format: .jpeg)
        let orientation = structure.exifRange
            .flatMap { ExifOrientationReader.orientation(in: UnsafeRawBufferPointer(rebasing: bytes[$0])) } ?? .up
        var target = options.targetSize
        if options.applyOrientation && orientation.swapsWidthAndHeight { target = target?.transposed }
        let denominator = Int(scaleDenominator(width: Int32(clamping: declared.width), height: Int32(clamping: declared.height),
                                               target: target))
        return ImageSize(width: (declared.width + denominator - 1) / denominator, height: (declared.height + denominator - 1) / denominator)
    }

    private static func scaleDenominator(width: Int32, height: Int32, target: ImageSize?) -> Int32 {
        guard let target else { return 1 }
        var factorCount: Int32 = 0
        guard let factors = tjGetScalingFactors(&factorCount) else { return 1 }
        let offered = UnsafeBufferPointer(start: factors, count: Int(factorCount))
        let targetWidth = max(1, target.width), targetHeight = max(1, target.height)
        for denominator in draftDenominators
        where offered.contains(where: { $0.num == 1 && $0.denom == denominator })
            && Int(width) / Int(denominator) >= targetWidth && Int(height) / Int(denominator) >= targetHeight {
            return denominator
        }
        return 1
    }

    /// The error for a failed decode: truncated when the data lacks its end-of-image marker,
    /// corrupt otherwise, with libjpeg's own message.
    private static func failure(_ message: String, structure: JPEGStructure) -> ImagingError {
        structure.endsWithEndOfImage
            ? .corruptData(.jpeg, detail: message)
            : .truncatedData(.jpeg, detail: message)
    }
}
