// FuzzImageDecode: libFuzzer target for ImageDecoder — format detection by magic bytes, the
// JPEG/PNG/WebP container walks (declared size, EXIF), the pixel limit, the system decoders and
// the Swift pixel conversion and orientation around them, and the classifier's file → tensor
// path (reduced-scale JPEG decoding of only the rows its crop reads). Every input must either
// decode or throw an ImagingError; anything else (a trap, a sanitizer report, a hang) is a finding.
import Foundation
import FuzzSupport
import SightlineImaging

/// A lower pixel limit than the default, so that a header declaring a big but allowed image
/// cannot make one execution take seconds; the limit check itself is what is exercised.
private let options = DecodeOptions(maxPixels: 1 << 22)
/// A small model input: JPEGs larger than 64×64 decode at reduced scale, and only the rows
/// under the centre crop.
private let preprocessing = try! ImagePreprocessing(shorterSide: 40, cropWidth: 32, cropHeight: 24,
                                                    mean: [0, 0, 0], std: [1, 1, 1], layout: .nchw)

@main
enum FuzzImageDecodeMain {
    static func main() { LibFuzzer.run(fuzzImageDecode) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageDecode(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    // The whole decode and the tensor path each on their own: a file whose lower rows are
    // broken may give a tensor (its crop never reads them) while the whole decode fails.
    expectImageOrImagingError {
        let image = try ImageDecoder.decode(data: data, options: options)
        precondition(image.pixels.count == image.width * image.height * 3, "decoded pixel buffer has the wrong size")
    }
    expectImageOrImagingError {
        let values = try ImageDecoder.tensorValues(data: data, preprocessing: preprocessing, maxPixels: 1 << 22)
        precondition(values.count == preprocessing.valueCount, "the tensor has the wrong number of values")
    }
    return 0
}

/// Runs `decode`, which must either succeed or throw an ImagingError.
private func expectImageOrImagingError(_ decode: () throws -> Void) {
    do {
        try decode()
    } catch is ImagingError {
        // Refusing the input with an ImagingError is the expected outcome for broken files.
    } catch {
        preconditionFailure("ImageDecoder threw something other than an ImagingError: \(error)")
    }
}
