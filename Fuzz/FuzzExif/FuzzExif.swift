// FuzzExif: libFuzzer target for the EXIF (TIFF) orientation reader. Random bytes almost never
// form a JPEG that reaches the reader, so each input becomes the payload of an APP1 "Exif"
// segment placed in front of a small valid JPEG, which is then decoded with its orientation
// applied. The seeds are real EXIF payloads, both byte orders.
import Foundation
import FuzzSupport
import SightlineImaging

/// A 3×2 JPEG made once by the project's own encoder; an orientation that swaps the sides
/// turns it into 2×3, any other leaves it 3×2.
private let baseJPEG: [UInt8] = {
    let pixels = (0 ..< 3 * 2 * 3).map { UInt8(truncatingIfNeeded: $0 * 14) }
    return [UInt8](try! ImageEncoder.jpegData(RGBImage(width: 3, height: 2, pixels: pixels)))
}()

private let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]
/// A segment's length field counts itself (2 bytes) and must fit in 16 bits.
private let maximumPayload = Int(UInt16.max) - 2 - exifHeader.count

@main
enum FuzzExifMain {
    static func main() { LibFuzzer.run(fuzzExif) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExif(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let payload = UnsafeBufferPointer(start: bytes, count: min(count, maximumPayload))
    let segmentLength = 2 + exifHeader.count + payload.count
    var jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, UInt8(segmentLength >> 8), UInt8(segmentLength & 0xFF)]
    jpeg += exifHeader
    jpeg += payload
    jpeg += baseJPEG.dropFirst(2)  // everything after the base image's own start-of-image marker
    do {
        let image = try ImageDecoder.decode(data: Data(jpeg))
        let size = [image.width, image.height]
        precondition(size == [3, 2] || size == [2, 3], "orientation produced a \(image.width)×\(image.height) image")
    } catch {
        preconditionFailure("a valid JPEG with an arbitrary EXIF payload failed to decode: \(error)")
    }
    return 0
}
