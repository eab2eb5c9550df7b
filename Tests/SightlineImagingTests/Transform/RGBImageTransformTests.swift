// RGBImageTransformTests: the augmentation transforms — mirror images pixel by pixel, rotations
// (quarter turns against the EXIF orientation code, small angles against the covering zoom's
// geometry) and colour adjustments against hand-computed values.
import Foundation
import SightlineImaging
import XCTest

final class RGBImageTransformTests: XCTestCase {
    /// A w×h image whose every pixel has a different colour.
    private func numbered(width: Int, height: Int) -> RGBImage {
        RGBImage(width: width, height: height, pixels: (0 ..< width * height * 3).map { UInt8($0 % 251) })
    }

    // MARK: Flips

    func testHorizontalFlipSwapsColumns() {
        let image = numbered(width: 3, height: 2)
        let flipped = image.flippedHorizontally()
        XCTAssertEqual(flipped.size, image.size)
        for y in 0 ..< 2 {
            for x in 0 ..< 3 { XCTAssertEqual(flipped[x, y], image[2 - x, y], "(\(x), \(y))") }
        }
        XCTAssertEqual(flipped.flippedHorizontally(), image)
    }

    func testVerticalFlipSwapsRows() {
        let image = numbered(width: 3, height: 2)
        let flipped = image.flippedVertically()
        for y in 0 ..< 2 {
            for x in 0 ..< 3 { XCTAssertEqual(flipped[x, y], image[x, 1 - y], "(\(x), \(y))") }
        }
    }

    // MARK: Rotation

    func testQuarterTurnsOfASquareMatchTheEXIFRotations() {
        let image = numbered(width: 5, height: 5)
        // EXIF orientation 6 ("right") is shown by turning the stored pixels 90° clockwise.
        XCTAssertEqual(image.rotated(byDegrees: 90), image.applyingOrientation(.right))
        XCTAssertEqual(image.rotated(byDegrees: -90), image.applyingOrientation(.left))
        XCTAssertEqual(image.rotated(byDegrees: 180), image.applyingOrientation(.down))
        XCTAssertEqual(image.rotated(byDegrees: 0), image)
    }

    func testCoveringZoomKeepsEveryOutputPixelInsideTheTurnedImage() {
        for size in [ImageSize(width: 300, height: 200), ImageSize(width: 120, height: 320), ImageSize(width: 64, height: 64)] {
            for degrees in [-12.0, -3, 0.5, 7, 10] {
                let zoom = RGBImage.coveringZoom(forDegrees: degrees, size: size)
                let radians = degrees * .pi / 180
                var largestOvershoot = -Double.infinity
                // Each frame corner, turned back and shrunk by the zoom, must land inside the image.
                for (cornerX, cornerY) in [(-1.0, -1.0), (1, -1), (-1, 1), (1, 1)] {
                    let dx = cornerX * Double(size.width) / 2, dy = cornerY * Double(size.height) / 2
                    let sx = (cos(radians) * dx + sin(radians) * dy) / zoom
                    let sy = (-sin(radians) * dx + cos(radians) * dy) / zoom
                    largestOvershoot = max(largestOvershoot, abs(sx) - Double(size.width) / 2, abs(sy) - Double(size.height) / 2)
                }
                XCTAssertLessThanOrEqual(largestOvershoot, 1e-9, "\(size) at \(degrees)°")
                // …and the zoom is the smallest that does so: some corner touches an edge.
                XCTAssertGreaterThan(largestOvershoot, -1e-6, "\(size) at \(degrees)°: zoomed more than needed")
            }
        }
    }

    func testSmallRotationKeepsSizeAndTurnsClockwise() {
        // A black image with a white bar in the top-right quarter, on the horizontal centre line.
        var image = RGBImage(width: 101, height: 101, color: .black)
        for x in 70 ..< 95 {
            for y in 49 ..< 52 { image[x, y] = .white }
        }
        let turned = image.rotated(byDegrees: 10)
        XCTAssertEqual(turned.size, image.size)
        // Turned clockwise (y pointing down) and enlarged by the covering zoom (1.17), the bar's
        // point that lands in column 85 lies 35 px from the centre at 10° below the centre line:
        // row 50.5 + 35·sin 10° ≈ 56.6.
        XCTAssertGreaterThan(turned[85, 57].red, 128)
        XCTAssertLessThan(turned[85, 50].red, 128)
        XCTAssertLessThan(turned[85, 44].red, 128)
        XCTAssertEqual(turned[50, 50], RGBColor.black, "the centre does not move")
    }

    // MARK: Colour

    private let twoPixels = RGBImage(width: 2, height: 1, pixels: [100, 50, 200, 0, 255, 10])

    func testBrightnessScalesEverySample() {
        XCTAssertEqual(twoPixels.adjustingColor(ColorAdjustment(brightness: 0.5)).pixels, [50, 25, 100, 0, 128, 5])
        XCTAssertEqual(twoPixels.adjustingColor(ColorAdjustment(brightness: 2)).pixels, [200, 100, 255, 0, 255, 20])
    }

    func testZeroSaturationGivesEachPixelsLuminance() {
        // 0.299·100 + 0.587·50 + 0.114·200 = 82.05; 0.587·255 + 0.114·10 = 150.825.
        XCTAssertEqual(twoPixels.adjustingColor(ColorAdjustment(saturation: 0)).pixels, [82, 82, 82, 151, 151, 151])
    }

    func testZeroContrastGivesTheMeanLuminanceEverywhere() {
        // (82.05 + 150.825) / 2 = 116.4375.
        XCTAssertEqual(twoPixels.adjustingColor(ColorAdjustment(contrast: 0)).pixels, [116, 116, 116, 116, 116, 116])
    }

    func testContrastStretchesAroundTheMeanLuminance() {
        // 116.4375 + (v − 116.4375)·1.5, clamped.
        XCTAssertEqual(twoPixels.adjustingColor(ColorAdjustment(contrast: 1.5)).pixels, [92, 17, 242, 0, 255, 0])
    }

    func testNoAdjustmentReturnsTheSamePixels() {
        let image = numbered(width: 4, height: 3)
        XCTAssertEqual(image.adjustingColor(ColorAdjustment()), image)
    }
}
