// RGBImageDetailTests: the detail measure — nothing on a plain image, the full brightness step
// between neighbours on stripes and checks, measured at 64×64 whatever the image's size.
import SightlineImaging
import XCTest

final class RGBImageDetailTests: XCTestCase {
    private func pattern(side: Int, _ value: (Int, Int) -> UInt8) -> RGBImage {
        var pixels: [UInt8] = []
        for y in 0 ..< side {
            for x in 0 ..< side { pixels += Array(repeating: value(x, y), count: 3) }
        }
        return RGBImage(width: side, height: side, pixels: pixels)
    }

    func testAPlainImageShowsNoDetail() {
        XCTAssertEqual(RGBImage(width: 300, height: 200, color: RGBColor(red: 240, green: 238, blue: 230)).detail, 0, accuracy: 1e-9)
    }

    func testStripesAndChecksShowTheirStepBetweenNeighbours() {
        let side = RGBImage.detailSide
        let stripes = pattern(side: side) { x, _ in x % 2 == 0 ? 0 : 255 }
        XCTAssertEqual(stripes.detail, 255, accuracy: 1e-9, "every horizontal neighbour differs by 255, no vertical one")
        let checks = pattern(side: side) { x, y in (x + y) % 2 == 0 ? 0 : 255 }
        XCTAssertEqual(checks.detail, 510, accuracy: 1e-9)
        let halves = pattern(side: side) { x, _ in x < side / 2 ? 0 : 255 }
        XCTAssertEqual(halves.detail, 255.0 / Double(side - 1), accuracy: 1e-9, "one edge in 63 neighbour pairs")
    }

    func testLargeImagesAreMeasuredAtTheSameSmallSize() {
        let large = pattern(side: 640) { x, _ in x < 320 ? 0 : 255 }
        let small = pattern(side: RGBImage.detailSide) { x, _ in x < 32 ? 0 : 255 }
        XCTAssertEqual(large.detail, small.detail, accuracy: 0.5)
    }
}
