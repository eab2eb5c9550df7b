// RecognitionSmootherTests: the live result bar holds its label through one odd frame, follows a
// real change after a few frames, and reports averaged confidences with the right category.
import SightlineApps
import SightlineVision
import XCTest

final class RecognitionSmootherTests: XCTestCase {
    private func recognition(_ scores: [(Int, Float)], categories: ObjectCategories) throws -> ObjectRecognition {
        let ranked = scores.map { ClassificationObservation(index: $0.0, label: categories.classLabels[$0.0], confidence: $0.1) }
        let best = try XCTUnwrap(ranked.first)
        return ObjectRecognition(best: best, ranked: ranked, category: try XCTUnwrap(categories.category(ofClass: best.index)),
                                 faceScan: nil)
    }

    func testOneOddFrameDoesNotFlipTheLabelButAChangeIsFollowed() throws {
        let categories = try ObjectCategories.bundled()
        var smoother = RecognitionSmoother(categories: categories, retention: 0.6)
        let cabbage = 936, cauliflower = 938, banana = 954
        for _ in 0 ..< 4 {
            _ = smoother.add(try recognition([(cabbage, 0.8), (cauliflower, 0.15)], categories: categories))
        }
        let odd = smoother.add(try recognition([(cauliflower, 0.55), (cabbage, 0.4)], categories: categories))
        XCTAssertEqual(odd.best.index, cabbage, "one frame saying cauliflower does not flip the label")
        XCTAssertEqual(odd.label, "cabbage")
        XCTAssertEqual(odd.category.id, categories.category(ofClass: cabbage)?.id)
        XCTAssertLessThan(odd.confidence, 0.8)
        XCTAssertGreaterThan(odd.confidence, 0.4)

        var latest = odd
        for _ in 0 ..< 4 {
            latest = smoother.add(try recognition([(banana, 0.9)], categories: categories))
        }
        XCTAssertEqual(latest.label, "banana", "a lasting change is followed")
        XCTAssertEqual(latest.ranked.first?.index, banana)
    }

    func testResetForgetsThePast() throws {
        let categories = try ObjectCategories.bundled()
        var smoother = RecognitionSmoother(categories: categories)
        _ = smoother.add(try recognition([(936, 0.9)], categories: categories))
        smoother.reset()
        let fresh = smoother.add(try recognition([(954, 0.5)], categories: categories))
        XCTAssertEqual(fresh.best.index, 954)
        XCTAssertEqual(fresh.ranked.count, 1)
    }
}
