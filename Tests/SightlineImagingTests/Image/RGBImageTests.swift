// Tests for RGBImage, ImageSize and ImageRect: layout of pixels, filling, geometry helpers.
import SightlineImaging
import XCTest

final class RGBImageTests: XCTestCase {
    func testPixelsAreInterleavedRowMajorFromTheTopLeft() {
        var image = RGBImage(width: 3, height: 2, color: .white)
        image[2, 1] = RGBColor(red: 1, green: 2, blue: 3)
        XCTAssertEqual(Array(image.pixels[15 ..< 18]), [1, 2, 3])
        XCTAssertEqual(image[2, 1], RGBColor(red: 1, green: 2, blue: 3))
        XCTAssertEqual(image[0, 0], .white)
        XCTAssertEqual(image.size, ImageSize(width: 3, height: 2))
    }

    func testWrapsExistingPixels() {
        let image = RGBImage(width: 2, height: 1, pixels: [10, 20, 30, 40, 50, 60])
        XCTAssertEqual(image[1, 0], RGBColor(red: 40, green: 50, blue: 60))
    }

    func testCenteredRectRoundsHalvesToEvenLikePython() {
        // (341 − 224) / 2 = 58.5 → 58, (343 − 224) / 2 = 59.5 → 60, as Python's round().
        XCTAssertEqual(ImageRect.centered(width: 224, height: 224, in: ImageSize(width: 341, height: 256)),
                       ImageRect(x: 58, y: 16, width: 224, height: 224))
        XCTAssertEqual(ImageRect.centered(width: 224, height: 224, in: ImageSize(width: 343, height: 256)).x, 60)
    }

    func testRectInsideChecks() {
        let size = ImageSize(width: 10, height: 5)
        XCTAssertTrue(ImageRect(x: 0, y: 0, width: 10, height: 5).isNonEmptyAndInside(size))
        XCTAssertFalse(ImageRect(x: 1, y: 0, width: 10, height: 5).isNonEmptyAndInside(size))
        XCTAssertFalse(ImageRect(x: -1, y: 0, width: 2, height: 2).isNonEmptyAndInside(size))
        XCTAssertFalse(ImageRect(x: 0, y: 0, width: 0, height: 2).isNonEmptyAndInside(size))
        XCTAssertEqual(size.transposed, ImageSize(width: 5, height: 10))
    }
}
