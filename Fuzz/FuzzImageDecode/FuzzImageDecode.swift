// FuzzImageDecode: libFuzzer target for ImageDecoder — format detection by magic bytes, the
// JPEG/PNG/WebP container walks (declared size, EXIF), the pixel limit, the system decoders and
// the Swift pixel conversion and orientation around them. Every input must either decode or
// throw an ImagingError; anything else (a trap, a sanitizer report, a hang) is a finding.
import Foundation
import FuzzSupport
import SightlineImaging

/// A lower pixel limit than the default, so that a header declaring a big but allowed image
/// cannot make one execution take seconds; the limit check itself is what is exercised.
private let options = DecodeOptions(maxPixels: 1 << 22)

@main
enum FuzzImageDecodeMain {
    static func main() { LibFuzzer.run(fuzzImageDecode) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageDecode(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    do {
        let image = try ImageDecoder.decode(data: data, options: options)
        precondition(image.pixels.count == image.width * image.height * 3, "decoded pixel buffer has the wrong size")
    } catch is ImagingError {
        // Refusing the input with an ImagingError is the expected outcome for broken files.
    } catch {
        preconditionFailure("ImageDecoder threw something other than an ImagingError: \(error)")
    }
    return 0
}
