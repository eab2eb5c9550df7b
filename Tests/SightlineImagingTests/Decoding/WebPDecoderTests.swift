// Tests for WebP decoding: a lossy photo against Pillow, alpha composited over white and
// orientation from an EXIF chunk.
import Foundation
import SightlineImaging
import SightlineTestSupport
import XCTest

final class WebPDecoderTests: XCTestCase {
    func testLossyPhotoMatchesPillow() throws {
        let url = Fixtures.url("photo-tomato.webp")
        let image = try ImageDecoder.decode(contentsOf: url)
        XCTAssertEqual(image.size, ImageSize(width: 300, height: 300))
        let difference = PixelDifference(image, try PillowReference.decodedImage(url))
        XCTAssertLessThanOrEqual(difference.maximum, 2)
        XCTAssertLessThan(difference.mean, 0.1)
    }

    func testAlphaIsCompositedOverWhite() throws {
        try TestRequirement.pythonReferences()
        let url = Fixtures.url("alpha.webp")
        let image = try ImageDecoder.decode(contentsOf: url)
        XCTAssertEqual(image, try PillowReference.decodedImage(url))
        // Alpha runs from nearly 0 in the top row (nearly white after compositing) to nearly
        // 255 in the bottom row (nearly the opaque colours).
        let opaque = try ImageDecoder.decode(contentsOf: Fixtures.url("crop-rgb8.png"))
        for x in 0 ..< image.width {
            XCTAssertGreaterThanOrEqual(min(image[x, 0].red, image[x, 0].green, image[x, 0].blue), 245)
            XCTAssertLessThanOrEqual(abs(Int(image[x, 47].green) - Int(opaque[x, 47].green)), 3)
        }
    }

    func testOrientationFromEXIFChunk() throws {
        // Lossless and stored upside down with orientation 3.
        let upright = try ImageDecoder.decode(contentsOf: Fixtures.url("crop-rgb8.png"))
        let url = Fixtures.url("crop-exif3.webp")
        XCTAssertEqual(try ImageDecoder.decode(contentsOf: url), upright)
        let stored = try ImageDecoder.decode(contentsOf: url, options: DecodeOptions(applyOrientation: false))
        XCTAssertEqual(stored[0, 0], upright[63, 47])
    }
}
