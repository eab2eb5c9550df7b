// Tests for ImageAnnotator's boxes, labels, dots and fills: outlines in the role's colour with
// the inside untouched, pixel and normalised boxes agreeing, clipping, label placement and
// background, alpha blending and the size scaling.
import SightlineImaging
import XCTest

final class ImageAnnotatorBoxTests: XCTestCase {
    private let grey = RGBColor(red: 128, green: 128, blue: 128)

    private func annotator(width: Int = 500, height: Int = 400) throws -> ImageAnnotator {
        ImageAnnotator(image: RGBImage(width: width, height: height, color: grey), font: try Font.standard())
    }

    func testOutlineHasTheRoleColourAndLeavesTheInsideAndOutsideUntouched() throws {
        var annotator = try annotator()
        let blank = annotator.image
        XCTAssertEqual(annotator.lineWidth, 2)
        annotator.drawBox(.pixels(x: 100, y: 120, width: 200, height: 150), role: .nonOrganic)
        let image = annotator.image
        let red = AnnotationRole.nonOrganic.color
        for y in 120 ..< 270 {
            for x in 100 ..< 300 {
                let onOutline = x < 102 || x >= 298 || y < 122 || y >= 268
                XCTAssertEqual(image[x, y], onOutline ? red : grey, "pixel (\(x), \(y))")
            }
        }
        XCTAssert(ChangedPixels(from: blank, to: image).allInside(ImageRect(x: 100, y: 120, width: 200, height: 150)))
    }

    func testNormalizedBoxesCoverTheSamePixelsAsPixelBoxes() throws {
        var pixels = try annotator(), normalized = try annotator()
        pixels.drawBox(.pixels(x: 50, y: 40, width: 250, height: 200), role: .organic)
        normalized.drawBox(.normalized(x: 0.1, y: 0.1, width: 0.5, height: 0.5), role: .organic)
        XCTAssertEqual(pixels.image, normalized.image)
    }

    func testBoxesAreClippedToTheImageAndInvalidBoxesDrawNothing() throws {
        var annotator = try annotator()
        let blank = annotator.image
        annotator.drawBox(.pixels(x: -50, y: 390, width: 100, height: 100), role: .face)
        let changed = ChangedPixels(from: blank, to: annotator.image)
        XCTAssertEqual(changed.bounds, ImageRect(x: 0, y: 390, width: 50, height: 10))
        XCTAssertEqual(annotator.image[0, 395], AnnotationRole.face.color)  // the clipped box keeps an edge
        for box: AnnotationBox in [.pixels(x: 600, y: 10, width: 50, height: 50), .pixels(x: 10, y: 10, width: -5, height: 20),
                                   .pixels(x: .nan, y: 10, width: 50, height: 50), .normalized(x: 0.2, y: 0.2, width: .infinity, height: 1)] {
            var untouched = try self.annotator()
            untouched.drawBox(box, role: .detection, label: "nothing")
            XCTAssertEqual(untouched.image, blank, "\(box)")
        }
    }

    func testLabelSitsAboveTheBoxOnAFilledBackground() throws {
        var annotator = try annotator()
        let blank = annotator.image
        let role = AnnotationRole.nonOrganic
        let label = "87.3%"
        let size = annotator.labelSize(label)
        annotator.drawBox(.pixels(x: 100, y: 200, width: 150, height: 100), role: role, label: label)
        let image = annotator.image
        let labelRect = ImageRect(x: 100, y: 200 - size.height, width: size.width, height: size.height)
        XCTAssert(ChangedPixels(from: blank, to: image).allInside(ImageRect(x: 100, y: labelRect.y, width: max(150, size.width),
                                                                           height: 100 + size.height)))
        // Every label pixel is the background colour, the text colour or a blend of the two.
        var background = 0, text = 0
        for y in labelRect.y ..< labelRect.y + labelRect.height {
            for x in labelRect.x ..< labelRect.x + labelRect.width {
                let pixel = image[x, y]
                XCTAssert(isBetween(pixel, role.color, role.textColor), "label pixel (\(x), \(y)) is \(pixel)")
                if pixel == role.color { background += 1 }
                if pixel == role.textColor { text += 1 }
            }
        }
        XCTAssertGreaterThan(background, labelRect.width * labelRect.height / 2)
        XCTAssertGreaterThan(text, 10)
        XCTAssertEqual(image[labelRect.x, labelRect.y], role.color)  // padding corners are background
        XCTAssertEqual(image[labelRect.x + labelRect.width - 1, labelRect.y + labelRect.height - 1], role.color)
    }

    func testLabelGoesInsideABoxAtTheTopEdgeAndStaysInsideTheImage() throws {
        var annotator = try annotator()
        let blank = annotator.image
        let label = "a long label for a box at the corner"
        let size = annotator.labelSize(label)
        XCTAssertLessThan(size.width, 500)
        annotator.drawBox(.pixels(x: 420, y: 5, width: 70, height: 100), role: .detection, label: label)
        let changed = ChangedPixels(from: blank, to: annotator.image)
        let expectedLabel = ImageRect(x: 500 - size.width, y: 5, width: size.width, height: size.height)
        XCTAssertEqual(changed.bounds, ImageRect(x: expectedLabel.x, y: 5, width: size.width, height: 100))
        XCTAssertEqual(annotator.image[expectedLabel.x, 5], AnnotationRole.detection.color)
    }

    func testFillBlendsWithTheStatedOpacity() throws {
        let base = RGBColor(red: 100, green: 100, blue: 100)
        let paint = RGBColor(red: 200, green: 0, blue: 41)
        for (opacity, expected) in [(0.0, base), (0.25, RGBColor(red: 125, green: 75, blue: 85)),
                                    (0.5, RGBColor(red: 150, green: 50, blue: 71)), (1.0, paint), (7.0, paint)] {
            var annotator = ImageAnnotator(image: RGBImage(width: 20, height: 10, color: base), font: try Font.standard())
            annotator.fill(.pixels(x: 5, y: 2, width: 10, height: 6), color: paint, opacity: opacity)
            XCTAssertEqual(annotator.image[5, 2], expected, "opacity \(opacity)")
            XCTAssertEqual(annotator.image[14, 7], expected, "opacity \(opacity)")
            XCTAssertEqual(annotator.image[4, 2], base)
            XCTAssertEqual(annotator.image[15, 7], base)
            XCTAssertEqual(annotator.image[5, 8], base)
        }
    }

    func testDotIsCentredOnItsPointInTheRoleColour() throws {
        var annotator = try annotator()
        let blank = annotator.image
        annotator.drawDot(at: .pixels(x: 250.5, y: 100.5), role: .face)
        XCTAssertEqual(annotator.image[250, 100], AnnotationRole.face.color)
        let radius = annotator.lineWidth + 1
        let bounds = try XCTUnwrap(ChangedPixels(from: blank, to: annotator.image).bounds)
        XCTAssertEqual(bounds, ImageRect(x: 250 - radius, y: 100 - radius, width: 2 * radius + 1, height: 2 * radius + 1))
    }

    func testLinesAndLabelsGrowWithTheImage() throws {
        let small = try annotator(width: 300, height: 200)
        let large = try annotator(width: 4000, height: 3000)
        XCTAssertEqual(small.lineWidth, 2)
        XCTAssertEqual(large.lineWidth, 12)
        XCTAssertEqual(small.labelTextSize, 12)
        XCTAssertEqual(large.labelTextSize, 107)
        XCTAssertGreaterThan(large.labelSize("99.9%").height, 5 * small.labelSize("99.9%").height)
    }

    func testExtremeSettingsAndCoordinatesDoNotCrash() throws {
        var annotator = try annotator(width: 40, height: 30)
        annotator.lineWidth = .max
        annotator.labelTextSize = .max
        annotator.drawBox(.pixels(x: 5, y: 5, width: 20, height: 10), role: .face, label: "99.9%")
        annotator.drawDot(at: .pixels(x: 1e300, y: -1e300), role: .face)
        annotator.drawDot(at: .pixels(x: 10, y: 10), role: .face, radius: .infinity)
        annotator.drawText("far away", at: .normalized(x: -1e200, y: 1e200), color: .white)
        annotator.drawLabel("far away", at: .pixels(x: 1e18, y: 1e18), role: .detection)
        annotator.lineWidth = -4
        annotator.labelTextSize = -4
        annotator.drawBox(.normalized(x: 0, y: 0, width: 1, height: 1), role: .organic, label: "x")
        XCTAssertEqual(annotator.image.size, ImageSize(width: 40, height: 30))
    }

    func testRolesHaveDistinctColoursAndReadableText() {
        let roles: [AnnotationRole] = [.face, .detection, .organic, .nonOrganic, .highlight]
        XCTAssertEqual(Set(roles.map(\.color)).count, roles.count)
        XCTAssertGreaterThan(AnnotationRole.organic.color.green, AnnotationRole.organic.color.red)
        XCTAssertGreaterThan(AnnotationRole.nonOrganic.color.red, AnnotationRole.nonOrganic.color.green)
        XCTAssertEqual(AnnotationRole(color: RGBColor(red: 20, green: 20, blue: 90)).textColor, .white)
        XCTAssertEqual(AnnotationRole(color: RGBColor(red: 250, green: 240, blue: 120)).textColor, .black)
    }

    func testPercentageHasOneDecimal() {
        XCTAssertEqual(ImageAnnotator.percentage(0.873), "87.3%")
        XCTAssertEqual(ImageAnnotator.percentage(0.99996), "100.0%")
        XCTAssertEqual(ImageAnnotator.percentage(0.05), "5.0%")
        XCTAssertEqual(ImageAnnotator.percentage(0), "0.0%")
    }

    /// Whether each channel of `pixel` lies between the channels of `a` and `b`.
    private func isBetween(_ pixel: RGBColor, _ a: RGBColor, _ b: RGBColor) -> Bool {
        func between(_ value: UInt8, _ x: UInt8, _ y: UInt8) -> Bool { value >= min(x, y) && value <= max(x, y) }
        return between(pixel.red, a.red, b.red) && between(pixel.green, a.green, b.green) && between(pixel.blue, a.blue, b.blue)
    }
}
