// JPEGDecoder: JPEG → RGBImage through libjpeg-turbo's TurboJPEG API, refusing oversized images
// from the header and decoding at a reduced DCT scale when the caller needs a smaller image.
import CTurboJPEG

enum JPEGDecoder {
    /// The DCT scale reductions Pillow's `draft` considers, largest first.
    private static let draftDenominators: [Int32] = [8, 4, 2, 1]

    static func decode(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions) throws -> DecodedImage {
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
            throw failure(handle, structure: structure)
        }
        try options.checkDimensions(width: Int(width), height: Int(height), format: .jpeg)

        // The target describes the image the caller gets back: upright unless told otherwise.
        var target = options.targetSize
        if options.applyOrientation && orientation.swapsWidthAndHeight { target = target?.transposed }
        let denominator = scaleDenominator(width: width, height: height, target: target)
        let scaledWidth = (Int(width) + Int(denominator) - 1) / Int(denominator)
        let scaledHeight = (Int(height) + Int(denominator) - 1) / Int(denominator)

        let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let flags = Int32(TJFLAG_LIMITSCANS)  // bounds the work a hostile progressive file can cause
        func decompress(into destination: UnsafeMutableBufferPointer<UInt8>, pixelFormat: TJPF) throws {
            let status = tjDecompress2(handle, source.baseAddress, sourceSize, destination.baseAddress,
                                       Int32(scaledWidth), 0, Int32(scaledHeight),
                                       Int32(pixelFormat.rawValue), flags)
            guard status != 0 else { return }
            // Warnings (e.g. "Corrupt JPEG data: 2 extraneous bytes") still produce a whole image,
            // which is kept, as Pillow does, unless the data was cut short.
            let isWarning = tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue)
            if isWarning && structure.endsWithEndOfImage { return }
            throw failure(handle, structure: structure)
        }

        let image: RGBImage
        if isCMYK {
            var cmyk = [UInt8](repeating: 0, count: scaledWidth * scaledHeight * 4)
            try cmyk.withUnsafeMutableBufferPointer { try decompress(into: $0, pixelFormat: TJPF_CMYK) }
            image = RGBImage(width: scaledWidth, height: scaledHeight) { rgb in
                cmyk.withUnsafeBufferPointer { CMYKConversion.convertAdobeCMYK($0, toRGB: rgb) }
            }
        } else {
            // Grayscale JPEGs are expanded to R = G = B by libjpeg-turbo itself.
            image = try RGBImage(width: scaledWidth, height: scaledHeight) { rgb in
                try decompress(into: rgb, pixelFormat: TJPF_RGB)
            }
        }
        return DecodedImage(image: image, orientation: orientation)
    }

    /// Pillow's `draft` rule: the largest reduction 1/s (s in 8, 4, 2, 1) with
    /// `width ≥ s · target.width` and `height ≥ s · target.height`, so each scaled side,
    /// ceil(side / s), is still at least the target. Only reductions TurboJPEG offers are used.
    private static func scaleDenominator(width: Int32, height: Int32, target: ImageSize?) -> Int32 {
        guard let target else { return 1 }
        var factorCount: Int32 = 0
        guard let factors = tjGetScalingFactors(&factorCount) else { return 1 }
        let offered = UnsafeBufferPointer(start: factors, count: Int(factorCount))
        let targetWidth = max(1, target.width), targetHeight = max(1, target.height)
        for denominator in draftDenominators
        where offered.contains(where: { $0.num == 1 && $0.denom == denominator })
            && Int(width) >= Int(denominator) * targetWidth && Int(height) >= Int(denominator) * targetHeight {
            return denominator
        }
        return 1
    }

    /// The error for a failed TurboJPEG call: truncated when the data lacks its end-of-image
    /// marker, corrupt otherwise, with TurboJPEG's own message.
    private static func failure(_ handle: tjhandle, structure: JPEGStructure) -> ImagingError {
        let message = String(cString: tjGetErrorStr2(handle))
        return structure.endsWithEndOfImage
            ? .corruptData(.jpeg, detail: message)
            : .truncatedData(.jpeg, detail: message)
    }
}
