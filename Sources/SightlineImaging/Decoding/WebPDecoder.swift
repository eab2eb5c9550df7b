// WebPDecoder: WebP → RGBImage through libwebp (lossy and lossless, still images); alpha is
// composited over white. Animated WebP is refused with a clear error.
import CWebP

enum WebPDecoder {
    static func decode(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions) throws -> DecodedImage {
        let structure = WebPStructure(scanning: bytes)
        if let declared = structure.declaredSize {
            try options.checkDimensions(width: declared.width, height: declared.height, format: .webp)
        }
        let orientation = structure.exifRange
            .flatMap { ExifOrientationReader.orientation(in: UnsafeRawBufferPointer(rebasing: bytes[$0])) } ?? .up
        let source = bytes.bindMemory(to: UInt8.self)

        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else {
            throw ImagingError.libraryFailure(.webp, detail: "libwebp's decoder version does not match its header")
        }
        let featureStatus = WebPGetFeatures(source.baseAddress, source.count, &config.input)
        guard featureStatus == VP8_STATUS_OK else { throw failure(featureStatus, structure: structure) }
        guard config.input.has_animation == 0 else {
            throw ImagingError.unsupportedFeature(.webp, feature: "Animated WebP")
        }
        let width = Int(config.input.width), height = Int(config.input.height)
        try options.checkDimensions(width: width, height: height, format: .webp)

        let hasAlpha = config.input.has_alpha != 0
        let channels = hasAlpha ? 4 : 3
        func decode(into destination: UnsafeMutableBufferPointer<UInt8>) throws {
            config.output.colorspace = hasAlpha ? MODE_RGBA : MODE_RGB
            config.output.is_external_memory = 1
            config.output.u.RGBA.rgba = destination.baseAddress
            config.output.u.RGBA.stride = Int32(width * channels)
            config.output.u.RGBA.size = destination.count
            defer { WebPFreeDecBuffer(&config.output) }
            let status = WebPDecode(source.baseAddress, source.count, &config)
            guard status == VP8_STATUS_OK else { throw failure(status, structure: structure) }
        }
        let image = try AlphaCompositing.image(width: width, height: height, hasAlpha: hasAlpha) { try decode(into: $0) }
        return DecodedImage(image: image, orientation: orientation, storedSize: image.size)
    }

    /// The error for a libwebp status: truncated when libwebp ran out of data or the RIFF data is
    /// shorter than its header says, corrupt otherwise.
    private static func failure(_ status: VP8StatusCode, structure: WebPStructure) -> ImagingError {
        let message: String
        switch status {
        case VP8_STATUS_OUT_OF_MEMORY: message = "libwebp ran out of memory"
        case VP8_STATUS_INVALID_PARAM: message = "libwebp rejected the decoding parameters"
        case VP8_STATUS_BITSTREAM_ERROR: message = "libwebp found a bitstream error"
        case VP8_STATUS_UNSUPPORTED_FEATURE: message = "libwebp does not support a feature this file uses"
        case VP8_STATUS_NOT_ENOUGH_DATA: message = "libwebp needs more data than the file holds"
        default: message = "libwebp status \(status.rawValue)"
        }
        if status == VP8_STATUS_NOT_ENOUGH_DATA || !structure.isComplete {
            return .truncatedData(.webp, detail: message)
        }
        return .corruptData(.webp, detail: message)
    }
}
