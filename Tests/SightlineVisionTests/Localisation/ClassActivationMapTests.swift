// ClassActivationMapTests: the map's sampling convention and region tracing on small maps whose
// answers can be worked out by hand.
import SightlineVision
import XCTest

final class ClassActivationMapTests: XCTestCase {
    func testSamplesAtCellCentresAreTheCellValuesAndMidpointsAreInterpolated() {
        let map = ClassActivationMap(width: 2, height: 1, values: [0, 1])
        XCTAssertEqual(map.value(atFractionX: 0.25, fractionY: 0.5), 0)
        XCTAssertEqual(map.value(atFractionX: 0.75, fractionY: 0.5), 1)
        XCTAssertEqual(map.value(atFractionX: 0.5, fractionY: 0.5), 0.5, accuracy: 1e-6)
        XCTAssertEqual(map.value(atFractionX: 0.0, fractionY: 0.0), 0, "held constant before the first centre")
        XCTAssertEqual(map.value(atFractionX: 1.0, fractionY: 1.0), 1, "held constant after the last centre")
    }

    func testOneHotCellGivesOneRegionAroundThatCellsPartOfThePhoto() throws {
        // 4×4 map, only cell (column 3, row 0) active: the top-right quarter-of-a-quarter of the photo.
        var values = [Float](repeating: 0, count: 16)
        values[3] = 1
        let map = ClassActivationMap(width: 4, height: 4, values: values)
        let regions = map.regions(threshold: 0.5, photoWidth: 400, photoHeight: 200)
        XCTAssertEqual(regions.count, 1)
        let box = try XCTUnwrap(regions.first).boundingBox
        // At least half the peak within half a cell of the cell's centre (x 350 ± 50, y 25 ± 25),
        // held up to the photo's edges beyond the centre.
        XCTAssertEqual(box.x, 300, accuracy: 4)
        XCTAssertEqual(box.x + box.width, 400, accuracy: 1)
        XCTAssertEqual(box.y, 0, accuracy: 1)
        XCTAssertEqual(box.y + box.height, 50, accuracy: 2)
        XCTAssertEqual(regions[0].peak, 1, accuracy: 1e-6)
        XCTAssertEqual(regions[0].share, 1, accuracy: 1e-9)
    }

    func testSeparateHotSpotsAreSeparateRegionsLargestShareFirst() {
        // A strong 2×2 block at the left and a single weaker cell at the right of an 8×4 map.
        var values = [Float](repeating: 0, count: 32)
        for (column, row) in [(0, 1), (1, 1), (0, 2), (1, 2)] { values[row * 8 + column] = 1 }
        values[2 * 8 + 6] = 0.8
        let map = ClassActivationMap(width: 8, height: 4, values: values)
        let regions = map.regions(threshold: 0.5, photoWidth: 800, photoHeight: 400)
        XCTAssertEqual(regions.count, 2)
        XCTAssertGreaterThan(regions[0].share, regions[1].share)
        XCTAssertLessThan(regions[0].boundingBox.x + regions[0].boundingBox.width, 250)
        XCTAssertGreaterThan(regions[1].boundingBox.x, 550)
        XCTAssertEqual(regions[1].peak, 0.8, accuracy: 0.06, "sampled near, not at, the cell's centre")
        XCTAssertEqual(regions.map(\.share).reduce(0, +), 1, accuracy: 1e-9)
    }

    func testAPhotoRegionMapsPhotoPointsIntoTheGrid() {
        // The photo fills the grid's right half (as a tall photo letterboxed into a square would not,
        // but the arithmetic is the same): photo x 0…1 ↦ grid x 0.5…1.
        let map = ClassActivationMap(width: 4, height: 1, values: [0, 0, 0, 1], photoRegion: (0.5, 0, 0.5, 1))
        XCTAssertEqual(map.value(atFractionX: 0.75, fractionY: 0.5), 1, "grid x 0.875 is the last cell's centre")
        XCTAssertEqual(map.value(atFractionX: 0.25, fractionY: 0.5), 0, "grid x 0.625 is the third cell's centre")
        let regions = map.regions(threshold: 0.5, photoWidth: 100, photoHeight: 10)
        XCTAssertEqual(regions.first?.boundingBox.x ?? -1, 50, accuracy: 2)
    }

    func testRegionsSmallerThanTheMinimumAreaAndEmptyMapsGiveNoBoxes() {
        var values = [Float](repeating: 0, count: 100)
        values[55] = 1
        let map = ClassActivationMap(width: 10, height: 10, values: values)
        XCTAssertEqual(map.regions(threshold: 0.5, minimumArea: 0.05, photoWidth: 100, photoHeight: 100).count, 0)
        XCTAssertEqual(map.regions(threshold: 0.5, minimumArea: 0.001, photoWidth: 100, photoHeight: 100).count, 1)
        let empty = ClassActivationMap(width: 3, height: 3, values: [Float](repeating: 0, count: 9))
        XCTAssertTrue(empty.regions(threshold: 0.5, photoWidth: 30, photoHeight: 30).isEmpty)
    }
}
