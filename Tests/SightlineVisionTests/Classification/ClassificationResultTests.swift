// ClassificationResultTests: logits → ranked observations — softmax confidences, ordering,
// ties and labels — checked against values computed by hand.
import Foundation
@testable import SightlineVision
import XCTest

final class ClassificationResultTests: XCTestCase {
    private func result(_ logits: [Float], labels: [String], top: Int) -> ClassificationResult {
        logits.withUnsafeBufferPointer { ClassificationResult(logits: $0, labels: labels, top: top) }
    }

    func testRanksBySoftmaxConfidence() {
        let ranked = result([1, 3, 2], labels: ["a", "b", "c"], top: 3)
        XCTAssertEqual(ranked.observations.map(\.index), [1, 2, 0])
        XCTAssertEqual(ranked.observations.map(\.label), ["b", "c", "a"])
        let total = exp(1.0) + exp(3.0) + exp(2.0)
        XCTAssertEqual(Double(ranked.observations[0].confidence), exp(3.0) / total, accuracy: 1e-6)
        XCTAssertEqual(Double(ranked.observations[2].confidence), exp(1.0) / total, accuracy: 1e-6)
        XCTAssertEqual(ranked.best?.label, "b")
    }

    func testConfidencesOfAllClassesSumToOneEvenForHugeLogits() {
        let ranked = result([1000, 999, -1000], labels: [], top: 3)
        XCTAssertEqual(ranked.observations.map(\.confidence).reduce(0, +), 1, accuracy: 1e-6)
        XCTAssertEqual(Double(ranked.observations[0].confidence), 1 / (1 + exp(-1.0)), accuracy: 1e-6)
    }

    func testTiesKeepTheLowerIndexFirst() {
        XCTAssertEqual(result([5, 7, 7, 5], labels: [], top: 4).observations.map(\.index), [1, 2, 0, 3])
    }

    func testTopIsLimitedToTheClassCount() {
        XCTAssertEqual(result([0.5, 0.25], labels: ["x", "y"], top: 5).observations.count, 2)
        XCTAssertEqual(result([0.5, 0.25], labels: ["x", "y"], top: 1).observations.map(\.label), ["x"])
    }

    func testClassesWithoutLabelsAreNamedByIndex() {
        XCTAssertEqual(result([0, 4], labels: ["only one"], top: 1).observations.first?.label, "class 1")
    }
}
