// ImageEncoder: RGBImage → JPEG or PNG bytes, for saving annotated pictures.
import CPNG
import CTurboJPEG
public import Foundation

/// Encodes `RGBImage`s as image files.
public enum ImageEncoder {
    /// JPEG bytes (baseline, 4:2:0 chroma subsampling) through TurboJPEG.
    ///
    /// - Parameter quality: 1 (smallest) … 100 (best); 90 keeps photos visually unchanged.
    public static func jpegData(_ image: RGBImage, quality: Int = 90) throws -> Data {
        precondition((1 ... 100).contains(quality), "JPEG quality must be 1…100, got \(quality)")
        guard let handle = tjInitCompress() else {
            throw ImagingError.libraryFailure(.jpeg, detail: String(cString: tjGetErrorStr2(nil)))
        }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var outputSize: UInt = 0
        defer { tjFree(output) }
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            tjCompress2(handle, pixels.baseAddress, Int32(image.width), 0, Int32(image.height),
                        Int32(TJPF_RGB.rawValue), &output, &outputSize, Int32(TJSAMP_420.rawValue),
                        Int32(quality), 0)
        }
        guard status == 0, let output else {
            throw ImagingError.encodingFailed(.jpeg, detail: String(cString: tjGetErrorStr2(handle)))
        }
        return Data(bytes: output, count: Int(outputSize))
    }

    /// PNG bytes (8-bit RGB, lossless) through libpng's simplified API.
    public static func pngData(_ image: RGBImage) throws -> Data {
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.format = UInt32(PNG_FORMAT_RGB)
        defer { png_image_free(&png) }
        let rowStride = Int32(image.width * 3)

        // A first guess with room for incompressible data; libpng reports the size it needs if
        // the guess is too small, and the second attempt uses that.
        var capacity = image.pixels.count + image.pixels.count / 64 + image.height + 1024
        for _ in 0 ..< 2 {
            var data = Data(count: capacity)
            var written = capacity
            let succeeded = data.withUnsafeMutableBytes { buffer in
                image.pixels.withUnsafeBufferPointer { pixels in
                    png_image_write_to_memory(&png, buffer.baseAddress, &written, 0, pixels.baseAddress, rowStride, nil)
                }
            }
            if succeeded != 0 {
                data.count = written
                return data
            }
            guard written > capacity else { break }
            capacity = written
        }
        let message = withUnsafeBytes(of: png.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        throw ImagingError.encodingFailed(.png, detail: message)
    }
}
