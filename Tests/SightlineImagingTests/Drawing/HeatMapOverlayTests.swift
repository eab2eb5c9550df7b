// Tests for heat maps: grid validation, the Turbo colour map (its stops, and against OpenCV's
// COLORMAP_TURBO), bilinear upsampling at known points and blending over the photo.
import SightlineImaging
import XCTest

final class HeatMapOverlayTests: XCTestCase {
    private func overlay(_ heatMap: HeatMap, on image: RGBImage, opacity: Double) throws -> RGBImage {
        var annotator = ImageAnnotator(image: image, font: try Font.standard())
        annotator.overlayHeatMap(heatMap, opacity: opacity)
        return annotator.image
    }

    func testGridsMustMatchTheirSize() {
        XCTAssertThrowsError(try HeatMap(width: 3, height: 2, values: [0, 1, 0.5])) { error in
            XCTAssertEqual(error as? DrawingError, .invalidHeatMap("a 3×2 grid needs 6 values, got 3"))
        }
        XCTAssertThrowsError(try HeatMap(width: 0, height: 2, values: []))
    }

    func testValuesAreClampedAndNaNIsCold() throws {
        XCTAssertEqual(try HeatMap(width: 4, height: 1, values: [-2, 0.25, 7, .nan]).values, [0, 0.25, 1, 0])
    }

    func testTurboRunsFromDarkBlueThroughGreenToDarkRed() {
        let turbo = ColorMap.turbo
        XCTAssertEqual(turbo.color(for: 0), RGBColor(red: 48, green: 18, blue: 59))
        XCTAssertEqual(turbo.color(for: 0.5), RGBColor(red: 164, green: 252, blue: 60))
        XCTAssertEqual(turbo.color(for: 1), RGBColor(red: 122, green: 4, blue: 3))
        XCTAssertEqual(turbo.color(for: -1), turbo.color(for: 0))
        XCTAssertEqual(turbo.color(for: 3), turbo.color(for: 1))
        // Halfway between the stops at 0 and 1/16.
        XCTAssertEqual(turbo.color(for: 1.0 / 32), RGBColor(red: 56, green: 41, blue: 111))
    }

    func testTurboMatchesOpenCV() throws {
        let printed = try PillowReference.run("""
            import cv2, numpy as np
            table = cv2.applyColorMap(np.arange(256, dtype=np.uint8).reshape(-1, 1), cv2.COLORMAP_TURBO)[:, 0, ::-1]
            print(' '.join(str(v) for v in table.reshape(-1)))
            """)
        let reference = printed.split(separator: " ").compactMap { UInt8($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        XCTAssertEqual(reference.count, 256 * 3)
        var largest = 0
        for level in 0 ..< 256 {
            let color = ColorMap.turbo.color(for: Float(level) / 255)
            for (channel, value) in [color.red, color.green, color.blue].enumerated() {
                largest = max(largest, abs(Int(value) - Int(reference[level * 3 + channel])))
            }
        }
        XCTAssertLessThanOrEqual(largest, 7)
    }

    func testUpsamplingIsBilinearWithCellCentresOnRegionCentres() throws {
        // Two cells across stretched to four pixels: pixel centres fall at cell positions
        // −0.25 (clamped to 0), 0.25, 0.75 and 1.25 (clamped to 1).
        let heatMap = try HeatMap(width: 2, height: 1, values: [0, 1])
        let image = try overlay(heatMap, on: RGBImage(width: 4, height: 3, color: .black), opacity: 1)
        let stops = ColorMap.turbo.stops
        for y in 0 ..< 3 {
            XCTAssertEqual([image[0, y], image[1, y], image[2, y], image[3, y]], [stops[0], stops[4], stops[12], stops[16]])
        }
    }

    func testUpsamplingInterpolatesInBothDirections() throws {
        // A 2×2 grid on 8×8 pixels: pixel (3, 3) samples cell position (0.375, 0.375).
        let heatMap = try HeatMap(width: 2, height: 2, values: [0, 0.5, 0.5, 1])
        let image = try overlay(heatMap, on: RGBImage(width: 8, height: 8, color: .black), opacity: 1)
        XCTAssertEqual(image[3, 3], ColorMap.turbo.color(for: 0.375))
        XCTAssertEqual(image[0, 0], ColorMap.turbo.color(for: 0))
        XCTAssertEqual(image[7, 7], ColorMap.turbo.color(for: 1))
        XCTAssertEqual(image[7, 0], ColorMap.turbo.color(for: 0.5))
    }

    func testOverlayBlendsWithThePhotoAtTheOpacity() throws {
        let photo = RGBImage(width: 6, height: 4, color: RGBColor(red: 200, green: 100, blue: 0))
        let hot = ColorMap.turbo.color(for: 1)  // (122, 4, 3)
        let heatMap = try HeatMap(width: 1, height: 1, values: [1])
        XCTAssertEqual(try overlay(heatMap, on: photo, opacity: 0), photo)
        XCTAssertEqual(try overlay(heatMap, on: photo, opacity: 1), RGBImage(width: 6, height: 4, color: hot))
        let half = try overlay(heatMap, on: photo, opacity: 0.5)
        XCTAssertEqual(half[5, 3], RGBColor(red: 161, green: 52, blue: 2))
    }

    func testOverlayKeepsTheImageSizeForAnyGrid() throws {
        let photo = try ImageDecoder.decode(contentsOf: Fixtures.url("photo-grocery-tomato-001.jpg"))
        let values = (0 ..< 7 * 5).map { Float($0) / 34 }
        let result = try overlay(try HeatMap(width: 7, height: 5, values: values), on: photo, opacity: 0.5)
        XCTAssertEqual(result.size, photo.size)
        XCTAssertNotEqual(result, photo)
    }
}
