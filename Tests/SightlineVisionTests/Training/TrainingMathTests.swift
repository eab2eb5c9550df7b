// TrainingMathTests: the building blocks of training with answers known in advance — the
// seeded generator, the stratified split, L-BFGS on functions with known minima.
import Foundation
@testable import SightlineTraining
@testable import SightlineVision
import XCTest

final class TrainingMathTests: XCTestCase {
    // MARK: SeededRandomGenerator

    func testTheSameSeedAndStreamGiveTheSameSequence() {
        var first = SeededRandomGenerator(seed: 42, stream: 7)
        var second = SeededRandomGenerator(seed: 42, stream: 7)
        var otherStream = SeededRandomGenerator(seed: 42, stream: 8)
        var otherSeed = SeededRandomGenerator(seed: 43, stream: 7)
        let sequence = (0 ..< 8).map { _ in first.next() }
        XCTAssertEqual(sequence, (0 ..< 8).map { _ in second.next() })
        XCTAssertNotEqual(sequence, (0 ..< 8).map { _ in otherStream.next() })
        XCTAssertNotEqual(sequence, (0 ..< 8).map { _ in otherSeed.next() })
    }

    func testDrawsStayInTheirRangesAndShuffleIsAPermutation() {
        var generator = SeededRandomGenerator(seed: 1)
        var seen = Set<Int>()
        for _ in 0 ..< 2000 {
            let unit = generator.nextUnit()
            XCTAssertTrue(unit >= 0 && unit < 1)
            let value = generator.uniform(-2 ... 3)
            XCTAssertTrue(value >= -2 && value <= 3)
            let index = generator.index(below: 7)
            XCTAssertTrue((0 ..< 7).contains(index))
            seen.insert(index)
        }
        XCTAssertEqual(seen, Set(0 ..< 7), "every index is drawn")
        let shuffled = generator.shuffled(Array(0 ..< 50))
        XCTAssertEqual(shuffled.sorted(), Array(0 ..< 50))
        XCTAssertNotEqual(shuffled, Array(0 ..< 50))
    }

    // MARK: DatasetSplit

    func testSplitIsStratifiedDisjointAndComplete() {
        let counts = [10, 5, 2, 101]
        let split = DatasetSplit(photoCounts: counts, validationFraction: 0.2, seed: 3)
        // round(count × 0.2), at least 1, never all: 2, 1, 1 (0.4 rounds to 0, raised to 1), 20.
        XCTAssertEqual(split.validation.map(\.count), [2, 1, 1, 20])
        for (classIndex, count) in counts.enumerated() {
            XCTAssertEqual((split.training[classIndex] + split.validation[classIndex]).sorted(), Array(0 ..< count))
            XCTAssertEqual(split.training[classIndex], split.training[classIndex].sorted())
        }
        XCTAssertEqual(split.trainingCount + split.validationCount, counts.reduce(0, +))
    }

    func testSplitDependsOnlyOnTheSeed() {
        let counts = [30, 30]
        XCTAssertEqual(DatasetSplit(photoCounts: counts, validationFraction: 0.3, seed: 9),
                       DatasetSplit(photoCounts: counts, validationFraction: 0.3, seed: 9))
        XCTAssertNotEqual(DatasetSplit(photoCounts: counts, validationFraction: 0.3, seed: 9).validation,
                          DatasetSplit(photoCounts: counts, validationFraction: 0.3, seed: 10).validation)
        let none = DatasetSplit(photoCounts: [1, 4], validationFraction: 0, seed: 0)
        XCTAssertEqual(none.validation, [[], []])
        XCTAssertEqual(none.training, [[0], [0, 1, 2, 3]])
    }

    // MARK: L-BFGS

    func testLBFGSFindsTheMinimumOfTheRosenbrockFunction() {
        // f(x, y) = (1 − x)² + 100 (y − x²)², minimum 0 at (1, 1), from the classic start (−1.2, 1).
        let minimizer = LBFGSMinimizer(maximumIterations: 200)
        var iterations = 0
        let outcome = minimizer.minimize(from: [-1.2, 1], evaluate: { point, gradient in
            let x = point[0], y = point[1]
            gradient[0] = -2 * (1 - x) - 400 * x * (y - x * x)
            gradient[1] = 200 * (y - x * x)
            return (1 - x) * (1 - x) + 100 * (y - x * x) * (y - x * x)
        }, afterIteration: { iteration, _, _ in
            iterations = iteration
            return true
        })
        XCTAssertEqual(outcome.stopReason, .converged)
        XCTAssertEqual(outcome.point[0], 1, accuracy: 1e-5)
        XCTAssertEqual(outcome.point[1], 1, accuracy: 1e-5)
        XCTAssertEqual(outcome.value, 0, accuracy: 1e-10)
        XCTAssertEqual(outcome.iterations, iterations)
        XCTAssertLessThan(outcome.iterations, 100)
    }

    func testLBFGSSolvesAnIllConditionedQuadraticAndStopsWhenAsked() {
        // f(x) = Σ scale_i (x_i − i)², scales from 1 to 10⁴: minimum at x_i = i.
        let scales = (0 ..< 20).map { pow(10, Double($0) / 19 * 4) }
        func evaluate(_ point: [Double], _ gradient: inout [Double]) -> Double {
            var value = 0.0
            for index in point.indices {
                let offset = point[index] - Double(index)
                value += scales[index] * offset * offset
                gradient[index] = 2 * scales[index] * offset
            }
            return value
        }
        let outcome = LBFGSMinimizer(maximumIterations: 500).minimize(
            from: [Double](repeating: 0, count: 20), evaluate: evaluate, afterIteration: { _, _, _ in true })
        XCTAssertEqual(outcome.stopReason, .converged)
        for (index, value) in outcome.point.enumerated() { XCTAssertEqual(value, Double(index), accuracy: 1e-4) }

        let stopped = LBFGSMinimizer(maximumIterations: 500).minimize(
            from: [Double](repeating: 0, count: 20), evaluate: evaluate, afterIteration: { iteration, _, _ in iteration < 3 })
        XCTAssertEqual(stopped.stopReason, .stoppedByCaller)
        XCTAssertEqual(stopped.iterations, 3)
        let limited = LBFGSMinimizer(maximumIterations: 2).minimize(
            from: [Double](repeating: 0, count: 20), evaluate: evaluate, afterIteration: { _, _, _ in true })
        XCTAssertEqual(limited.stopReason, .iterationLimit)
    }
}
