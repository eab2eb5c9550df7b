// Tests for Font: loading (the standard DejaVu font, clear errors for a missing or non-font
// file), measuring, and rendering of German and Ukrainian text, kerning and NFC composition.
import Foundation
import SightlineImaging
import XCTest

final class FontTests: XCTestCase {
    private func canvas(width: Int = 400, height: Int = 80) -> RGBImage {
        RGBImage(width: width, height: height, color: .white)
    }

    /// `text` drawn in black at (10, 10) on a white canvas, with the pixels it changed.
    private func drawn(_ text: String, font: Font, pixelSize: Int = 32) -> (image: RGBImage, changed: ChangedPixels) {
        let blank = canvas()
        var annotator = ImageAnnotator(image: blank, font: font)
        annotator.drawText(text, at: .pixels(x: 10, y: 10), color: .black, pixelSize: pixelSize)
        return (annotator.image, ChangedPixels(from: blank, to: annotator.image))
    }

    func testStandardFontIsDejaVuSansFromTheDebianPackage() throws {
        XCTAssertEqual(try Font.standard().path, "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
        XCTAssertEqual(try Font.standard(bold: false).path, "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    }

    func testMissingFontNamesThePathAndThePackage() {
        let path = "/nonexistent/fonts/NoSuchFont.ttf"
        XCTAssertThrowsError(try Font(path: path)) { error in
            XCTAssertEqual(error as? DrawingError, .fontNotFound(path: path))
            let message = "\(error)"
            XCTAssert(message.contains(path), message)
            XCTAssert(message.contains("fonts-dejavu-core"), message)
        }
    }

    func testAFileThatIsNotAFontIsRefused() throws {
        let path = Fixtures.url("not-an-image.jpg").path
        XCTAssertThrowsError(try Font(path: path)) { error in
            guard case .fontUnreadable(let reportedPath, _) = error as? DrawingError else {
                return XCTFail("Expected fontUnreadable, got \(error)")
            }
            XCTAssertEqual(reportedPath, path)
        }
        XCTAssertThrowsError(try Font(path: Fixtures.directory.path)) { error in
            guard case .fontUnreadable = error as? DrawingError else { return XCTFail("Expected fontUnreadable, got \(error)") }
        }
    }

    func testEveryTextAtOneSizeIsEquallyTallAndWiderTextIsWider() throws {
        let font = try Font.standard()
        let short = font.measure("ace", pixelSize: 20)
        let tall = font.measure("Hgy", pixelSize: 20)
        XCTAssertEqual(short.height, tall.height)
        XCTAssertGreaterThan(short.height, 20)  // ascender + descender exceed the em size
        XCTAssertLessThan(short.height, 30)
        XCTAssertGreaterThan(font.measure("ace ace", pixelSize: 20).width, short.width)
        XCTAssertGreaterThan(font.measure("ace", pixelSize: 40).height, short.height)
        XCTAssertEqual(font.measure("", pixelSize: 20).width, 0)
    }

    func testTextDrawsInkOnlyInsideItsMeasuredBox() throws {
        let font = try Font.standard()
        for text in ["Apple 87.3%", "jumpy Qg", "Äpfel, Größe", "Привіт, їжак"] {
            let size = font.measure(text, pixelSize: 32)
            let changed = drawn(text, font: font).changed
            XCTAssertFalse(changed.isEmpty, text)
            XCTAssert(changed.allInside(ImageRect(x: 10, y: 10, width: size.width, height: size.height)),
                      "\(text): ink at \(String(describing: changed.bounds)) outside the measured \(size) at (10, 10)")
            // The ink fills most of the measured width, so the measurement is not just generous.
            let inkWidth = try XCTUnwrap(changed.bounds).width
            XCTAssertGreaterThan(Double(inkWidth), 0.85 * Double(size.width), text)
        }
    }

    func testTextIsAntiAliased() throws {
        let image = drawn("Sightline", font: try Font.standard()).image
        let grey = image.pixels.filter { $0 > 40 && $0 < 215 }.count
        XCTAssertGreaterThan(grey, 50, "edges should be blended, not only black and white")
    }

    func testUmlautsAndCyrillicHaveTheirOwnGlyphs() throws {
        let font = try Font.standard()
        let missing = drawn("\u{E000}", font: font).image  // a private-use character no font maps: the missing-glyph box
        for character in ["ä", "ö", "ü", "Ä", "ß", "ж", "ї", "є", "Ґ", "Щ"] {
            let glyph = drawn(character, font: font)
            XCTAssertFalse(glyph.changed.isEmpty, character)
            XCTAssertNotEqual(glyph.image, missing, "\(character) is drawn as the missing-glyph box")
        }
        XCTAssertNotEqual(drawn("ä", font: font).image, drawn("a", font: font).image)
    }

    func testDecomposedTextIsDrawnLikeComposedText() throws {
        let font = try Font.standard()
        XCTAssertEqual(drawn("Mu\u{0308}sli", font: font).image, drawn("Müsli", font: font).image)
    }

    func testLineBreaksAreNotDrawn() throws {
        let font = try Font.standard()
        XCTAssertEqual(drawn("ab\ncd", font: font).image, drawn("abcd", font: font).image)
    }

    func testRunawayTextIsLimited() throws {
        let font = try Font.standard()
        let limit = Font.maximumCharacters
        XCTAssertEqual(font.measure(String(repeating: "a", count: limit + 100), pixelSize: 12),
                       font.measure(String(repeating: "a", count: limit), pixelSize: 12))
        XCTAssertEqual(font.measure("Hg", pixelSize: 100_000), font.measure("Hg", pixelSize: Font.maximumPixelSize))
        XCTAssertEqual(font.measure("Hg", pixelSize: -3), font.measure("Hg", pixelSize: 1))
    }

    func testKernedPairsAreCloserThanTheirGlyphsApart() throws {
        let font = try Font.standard(bold: false)
        let pair = font.measure("AV", pixelSize: 48).width
        let apart = font.measure("A", pixelSize: 48).width + font.measure("V", pixelSize: 48).width
        XCTAssertLessThan(pair, apart)
    }
}
