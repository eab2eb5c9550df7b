// TopKAccuracyTests: counting top-1 and top-5 hits.
@testable import SightlineVision
import XCTest

final class TopKAccuracyTests: XCTestCase {
    func testCountsTopOneAndTopFiveHits() {
        var accuracy = TopKAccuracy()
        accuracy.record(ranking: [3, 1, 2, 0, 4], truth: 3)  // top-1 and top-5
        accuracy.record(ranking: [1, 3, 2, 0, 4], truth: 4)  // top-5 only
        accuracy.record(ranking: [1, 3, 2, 0, 4, 9], truth: 9)  // sixth: a miss
        accuracy.record(ranking: [], truth: 0)  // unreadable photo: a miss
        XCTAssertEqual(accuracy.photos, 4)
        XCTAssertEqual(accuracy.top1Hits, 1)
        XCTAssertEqual(accuracy.top5Hits, 2)
        XCTAssertEqual(accuracy.top1, 0.25)
        XCTAssertEqual(accuracy.top5, 0.5)
    }

    func testNoPhotosMeansZeroAccuracy() {
        XCTAssertEqual(TopKAccuracy().top1, 0)
    }
}
