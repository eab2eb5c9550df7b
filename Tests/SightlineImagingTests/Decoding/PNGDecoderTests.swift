// Tests for PNG decoding: 1×1, 16-bit colour and gray, interlaced, palette with transparency
// and orientation from an eXIf chunk.
import Foundation
import SightlineImaging
import SightlineTestSupport
import XCTest

final class PNGDecoderTests: XCTestCase {
    private func decode(_ name: String, options: DecodeOptions = DecodeOptions()) throws -> RGBImage {
        try ImageDecoder.decode(contentsOf: Fixtures.url(name), options: options)
    }

    func testOnePixelImage() throws {
        let image = try decode("one-pixel.png")
        XCTAssertEqual(image.size, ImageSize(width: 1, height: 1))
        XCTAssertEqual(image[0, 0], RGBColor(red: 12, green: 200, blue: 99))
    }

    func testSixteenBitColourReducesToTheEightBitValues() throws {
        // Every 16-bit sample is the 8-bit one times 257, so the reduction must be exact.
        let eightBit = try decode("crop-rgb8.png")
        XCTAssertEqual(eightBit.size, ImageSize(width: 64, height: 48))
        XCTAssertEqual(try decode("crop-rgb16.png"), eightBit)
    }

    func testSixteenBitGrayBecomesEqualChannels() throws {
        let eightBit = try decode("crop-rgb8.png")
        let gray = try decode("crop-gray16.png")
        for y in 0 ..< gray.height {
            for x in 0 ..< gray.width {
                let green = eightBit[x, y].green
                XCTAssertEqual(gray[x, y], RGBColor(red: green, green: green, blue: green))
            }
        }
    }

    func testInterlacedMatchesNonInterlaced() throws {
        XCTAssertEqual(try decode("crop-rgb8-interlaced.png"), try decode("crop-rgb8.png"))
    }

    func testPaletteWithTransparencyIsCompositedOverWhite() throws {
        try TestRequirement.pythonReferences()
        let url = Fixtures.url("palette-transparent.png")
        let image = try ImageDecoder.decode(contentsOf: url)
        XCTAssertEqual(image, try PillowReference.decodedImage(url))
        // Palette entry 0 is fully transparent, so wherever it is used the result is white.
        let indices = try PillowReference.run("""
            import sys
            from PIL import Image
            print(*Image.open(sys.argv[1]).tobytes())
            """, [url.path]).split(separator: " ").map { Int($0.trimmingCharacters(in: .whitespacesAndNewlines))! }
        let transparent = indices.indices.filter { indices[$0] == 0 }
        XCTAssertFalse(transparent.isEmpty)
        for pixel in transparent {
            XCTAssertEqual(image[pixel % image.width, pixel / image.width], .white)
        }
    }

    func testOrientationFromEXIfChunk() throws {
        // Stored rotated 90° clockwise with orientation 8 (rotate counter-clockwise to view).
        XCTAssertEqual(try decode("crop-exif8.png"), try decode("crop-rgb8.png"))
        XCTAssertEqual(try decode("crop-exif8.png", options: DecodeOptions(applyOrientation: false)).size,
                       ImageSize(width: 48, height: 64))
    }
}
