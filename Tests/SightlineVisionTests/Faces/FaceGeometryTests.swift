// FaceGeometryTests: the building blocks of the MTCNN detector on small hand-checked inputs —
// OpenCV-compatible INTER_AREA resizing (expected values printed by cv2.resize), non-maximum
// suppression with both overlap measures, box squaring and intersection over union.
import SightlineImaging
@testable import SightlineVision
import XCTest

final class FaceGeometryTests: XCTestCase {
    /// A one-row grid whose three channels all hold `values`.
    private func row(_ values: [Float]) -> PixelGrid {
        PixelGrid(width: values.count, height: 1, samples: values.flatMap { [$0, $0, $0] })
    }

    private func reds(_ grid: PixelGrid) -> [Float] {
        stride(from: 0, to: grid.samples.count, by: 3).map { grid.samples[$0] }
    }

    func testShrinkingAveragesTheCoveredPixels() {
        // cv2.resize(..., interpolation=cv2.INTER_AREA): [0, 30, 60] → [10, 50]; [0…120] → [12, 60, 108].
        assertEqual(reds(AreaResampler.resize(row([0, 30, 60]), width: 2, height: 1)), [10, 50])
        assertEqual(reds(AreaResampler.resize(row([0, 30, 60, 90, 120]), width: 3, height: 1)), [12, 60, 108])
        let square = PixelGrid(width: 2, height: 2, samples: [0, 0, 0, 40, 40, 40, 80, 80, 80, 120, 120, 120])
        assertEqual(reds(AreaResampler.resize(square, width: 1, height: 1)), [60])
    }

    func testEnlargingUsesOpenCVAreaWeights() {
        // cv2.resize(..., interpolation=cv2.INTER_AREA): [0, 60] → [0, 30, 60] and [0, 0, 60, 60].
        assertEqual(reds(AreaResampler.resize(row([0, 60]), width: 3, height: 1)), [0, 30, 60])
        assertEqual(reds(AreaResampler.resize(row([0, 60]), width: 4, height: 1)), [0, 0, 60, 60])
    }

    func testCropOutsideTheImageIsBlack() {
        // Red values 10, 20 (top row) and 30, 40 (bottom row).
        let image = RGBImage(width: 2, height: 2, pixels: [10, 0, 0, 20, 0, 0, 30, 0, 0, 40, 0, 0])
        let crop = PixelGrid(cropping: image, left: -1, top: 0, width: 2, height: 3)
        // Column 0 lies left of the image, row 2 below it.
        XCTAssertEqual(reds(crop), [0, 10, 0, 30, 0, 0])
    }

    func testSuppressionKeepsTheBestOfEachCluster() {
        let boxes = [
            CandidateBox(x1: 0, y1: 0, x2: 9, y2: 9, score: 0.8),
            CandidateBox(x1: 1, y1: 1, x2: 10, y2: 10, score: 0.9),   // overlaps the first by IoU 81/119
            CandidateBox(x1: 50, y1: 50, x2: 59, y2: 59, score: 0.7),
            CandidateBox(x1: 2, y1: 2, x2: 5, y2: 5, score: 0.95),    // inside the first two
        ]
        XCTAssertEqual(NonMaximumSuppression.keptIndices(boxes, threshold: 0.5, overlap: .union), [3, 1, 2])
        // Measured against the smaller box, the small one swallows the boxes it sits in.
        XCTAssertEqual(NonMaximumSuppression.keptIndices(boxes, threshold: 0.7, overlap: .minimum), [3, 2])
        // IoU 0.68 of the first two is below 0.7: both stay.
        XCTAssertEqual(NonMaximumSuppression.keptIndices(boxes, threshold: 0.7, overlap: .union), [3, 1, 0, 2])
    }

    func testSquaringKeepsTheCentre() {
        let square = CandidateBox(x1: 10, y1: 20, x2: 30, y2: 60, score: 1).squared()
        XCTAssertEqual([square.x1, square.y1, square.x2, square.y2], [0, 20, 40, 60])
    }

    func testIntersectionOverUnion() {
        let box = PixelRect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertEqual(box.intersectionOverUnion(with: box), 1)
        XCTAssertEqual(box.intersectionOverUnion(with: PixelRect(x: 5, y: 0, width: 10, height: 10)), 50.0 / 150.0, accuracy: 1e-12)
        XCTAssertEqual(box.intersectionOverUnion(with: PixelRect(x: 20, y: 20, width: 5, height: 5)), 0)
    }

    private func assertEqual(_ actual: [Float], _ expected: [Float], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(actual.count, expected.count, file: file, line: line)
        for (value, expectedValue) in zip(actual, expected) {
            XCTAssertEqual(value, expectedValue, accuracy: 1e-4, "\(actual) vs \(expected)", file: file, line: line)
        }
    }
}
