// PNGDecoder: PNG → RGBImage through libpng's simplified API (which reports errors as return
// codes and messages, so libpng's longjmp never crosses into Swift). Handles every bit depth,
// gray, palette and interlaced images; alpha is composited over white.
import CPNG

enum PNGDecoder {
    static func decode(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions) throws -> DecodedImage {
        let structure = PNGStructure(scanning: bytes)
        if let declared = structure.declaredSize {
            try options.checkDimensions(width: declared.width, height: declared.height, format: .png)
        }
        let orientation = structure.exifRange
            .flatMap { ExifOrientationReader.orientation(in: UnsafeRawBufferPointer(rebasing: bytes[$0])) } ?? .up

        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&png) }
        guard png_image_begin_read_from_memory(&png, bytes.baseAddress, bytes.count) != 0 else {
            throw failure(png, structure: structure)
        }
        let width = Int(png.width), height = Int(png.height)
        try options.checkDimensions(width: width, height: height, format: .png)

        // 16-bit samples without gAMA or sRGB chunks are sRGB-encoded in practice (every viewer
        // treats them so); without this flag libpng would assume linear light.
        png.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
        let hasAlpha = png.format & UInt32(PNG_FORMAT_FLAG_ALPHA) != 0
        png.format = UInt32(PNG_FORMAT_RGB) | (hasAlpha ? UInt32(PNG_FORMAT_FLAG_ALPHA) : 0)
        let channels = hasAlpha ? 4 : 3

        func finishRead(into destination: UnsafeMutableBufferPointer<UInt8>) throws {
            guard png_image_finish_read(&png, nil, destination.baseAddress, Int32(width * channels), nil) != 0 else {
                throw failure(png, structure: structure)
            }
        }
        let image = try AlphaCompositing.image(width: width, height: height, hasAlpha: hasAlpha) { try finishRead(into: $0) }
        return DecodedImage(image: image, orientation: orientation, storedSize: image.size)
    }

    /// The error for a failed libpng call: truncated when the chunk list stops before IEND,
    /// corrupt otherwise, with libpng's message.
    private static func failure(_ png: png_image, structure: PNGStructure) -> ImagingError {
        let message = withUnsafeBytes(of: png.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return structure.isComplete ? .corruptData(.png, detail: message) : .truncatedData(.png, detail: message)
    }
}
