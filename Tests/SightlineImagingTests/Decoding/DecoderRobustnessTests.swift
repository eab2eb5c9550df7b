// Tests that damaged files — random byte changes and cuts of real JPEG, PNG and WebP fixtures —
// either decode or throw an ImagingError, and never crash or hang the decoders.
import Foundation
import SightlineImaging
import SightlineTestSupport
import XCTest

final class DecoderRobustnessTests: XCTestCase {
    func testMutatedFilesDecodeOrThrowImagingErrors() throws {
        var random = SeededRandom(seed: 2024)
        let names = ["photo-trashnet-glass21.jpg", "rotated-exif6.jpg", "cmyk.jpg", "crop-exif8.png",
                     "palette-transparent.png", "crop-rgb8-interlaced.png", "photo-tomato.webp", "crop-exif3.webp"]
        var decodedCount = 0, errorCount = 0
        for name in names {
            let original = [UInt8](try Fixtures.data(name))
            for _ in 0 ..< 60 {
                var bytes = original
                for _ in 0 ..< Int.random(in: 1 ... 12, using: &random) {
                    // Mostly the headers, where the structure parsers look.
                    let limit = Bool.random(using: &random) ? min(bytes.count, 400) : bytes.count
                    bytes[Int.random(in: 0 ..< limit, using: &random)] = UInt8.random(in: 0 ... 255, using: &random)
                }
                if Bool.random(using: &random) {
                    bytes = Array(bytes.prefix(Int.random(in: 0 ... bytes.count, using: &random)))
                }
                do {
                    _ = try ImageDecoder.decode(data: Data(bytes), options: DecodeOptions(maxPixels: 4_000_000))
                    decodedCount += 1
                } catch is ImagingError {
                    errorCount += 1
                }
            }
        }
        XCTAssertGreaterThan(decodedCount, 0)
        XCTAssertGreaterThan(errorCount, 0)
    }
}
