// Tests for the caption band (the Object Recognizer's capture style): white text on a black
// band, horizontally centred near the top, shrunk to fit narrow images.
import SightlineImaging
import XCTest

final class ImageAnnotatorCaptionTests: XCTestCase {
    private let background = RGBColor(red: 90, green: 160, blue: 210)

    /// The caption drawn on a plain image, and the rectangle of pixels it changed.
    private func caption(_ text: String, width: Int, height: Int) throws -> (image: RGBImage, band: ImageRect) {
        let blank = RGBImage(width: width, height: height, color: background)
        var annotator = ImageAnnotator(image: blank, font: try Font.standard())
        annotator.drawCaption(text)
        let band = try XCTUnwrap(ChangedPixels(from: blank, to: annotator.image).bounds, "nothing was drawn")
        return (annotator.image, band)
    }

    func testBandIsBlackCentredNearTheTopWithWhiteText() throws {
        let (image, band) = try caption("banana, 97.1%", width: 640, height: 480)
        let leftMargin = band.x, rightMargin = 640 - (band.x + band.width)
        XCTAssertLessThanOrEqual(abs(leftMargin - rightMargin), 1, "band \(band)")
        XCTAssertEqual(band.y, 19)  // 4 % of 480, rounded
        XCTAssertLessThan(band.y + band.height, 480 / 4)
        XCTAssertEqual(image[band.x, band.y], .black)
        XCTAssertEqual(image[band.x + band.width - 1, band.y + band.height - 1], .black)
        var white = 0
        for y in band.y ..< band.y + band.height {
            for x in band.x ..< band.x + band.width {
                let pixel = image[x, y]
                XCTAssert(pixel.red == pixel.green && pixel.green == pixel.blue, "band pixel (\(x), \(y)) is \(pixel)")
                if pixel == .white { white += 1 }
            }
        }
        XCTAssertGreaterThan(white, 100)
    }

    func testTextIsCentredInTheBand() throws {
        let (image, band) = try caption("Ukraine, 50.0%", width: 800, height: 600)
        var left = Int.max, right = Int.min
        for y in band.y ..< band.y + band.height {
            for x in band.x ..< band.x + band.width where image[x, y].red > 128 {
                left = min(left, x)
                right = max(right, x)
            }
        }
        let leftGap = left - band.x, rightGap = band.x + band.width - 1 - right
        XCTAssertLessThanOrEqual(abs(leftGap - rightGap), 4, "text ink \(left)…\(right) in band \(band)")
    }

    func testLongCaptionsShrinkToFitTheWidth() throws {
        let text = "sulphur-crested cockatoo, Kakatoe galerita, Cacatua galerita, 99.9%"
        let (_, band) = try caption(text, width: 400, height: 300)
        XCTAssertGreaterThanOrEqual(band.x, 0)
        XCTAssertLessThanOrEqual(band.x + band.width, 400)
        XCTAssertGreaterThan(band.width, 300, "the caption should use the width it has")
    }

    func testEmptyCaptionDrawsNothing() throws {
        let blank = RGBImage(width: 50, height: 50, color: background)
        var annotator = ImageAnnotator(image: blank, font: try Font.standard())
        annotator.drawCaption("")
        XCTAssertEqual(annotator.image, blank)
    }
}
