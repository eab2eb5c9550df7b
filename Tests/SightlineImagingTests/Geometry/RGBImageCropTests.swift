// Tests for cropping: arbitrary rectangles and the centred crop with Pillow's rounding.
import SightlineImaging
import XCTest

final class RGBImageCropTests: XCTestCase {
    /// A width×height image whose pixel (x, y) is (x, y, x + y).
    private func coordinateImage(width: Int, height: Int) -> RGBImage {
        var image = RGBImage(width: width, height: height, color: .black)
        for y in 0 ..< height {
            for x in 0 ..< width {
                image[x, y] = RGBColor(red: UInt8(x), green: UInt8(y), blue: UInt8(x + y))
            }
        }
        return image
    }

    func testCropTakesTheRectangle() {
        let image = coordinateImage(width: 10, height: 8)
        let crop = image.cropped(to: ImageRect(x: 3, y: 2, width: 4, height: 5))
        XCTAssertEqual(crop.size, ImageSize(width: 4, height: 5))
        for y in 0 ..< 5 {
            for x in 0 ..< 4 {
                XCTAssertEqual(crop[x, y], image[x + 3, y + 2])
            }
        }
        XCTAssertEqual(image.cropped(to: ImageRect(x: 0, y: 0, width: 10, height: 8)), image)
    }

    func testCenterCropUsesPythonRounding() {
        // (11 − 4) / 2 = 3.5 → 4 (even), (8 − 3) / 2 = 2.5 → 2 (even).
        let image = coordinateImage(width: 11, height: 8)
        let crop = image.centerCropped(width: 4, height: 3)
        XCTAssertEqual(crop[0, 0], image[4, 2])
        XCTAssertEqual(crop[3, 2], image[7, 4])
    }
}
