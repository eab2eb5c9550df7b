// AlternatingRunsTests: the bench's schedule gives each side its runs in alternating blocks —
// ABBA order (ABCCBA with three sides), warm-up before each side's first block, one untimed run before every later one.
@testable import SightlineLab
import XCTest

final class AlternatingRunsTests: XCTestCase {
    func testBlocksAlternateAndEachSideGetsItsRuns() throws {
        var log: [String] = []
        var nextTime = 0.0
        func side(_ name: String) -> AlternatingRuns.Side {
            { timed, untimed in
                log.append("\(name) \(timed)+\(untimed)")
                return (0 ..< timed).map { _ in nextTime += 1; return nextTime }
            }
        }
        let times = try AlternatingRuns(runs: 8, warmup: 5).measure(sightline: side("S"), reference: side("R"))
        // 8 runs in blocks of 3: 3 + 3 + 2; Sightline first, then the reference twice, then Sightline.
        XCTAssertEqual(log, ["S 3+5", "R 3+5", "R 3+1", "S 3+1", "S 2+1", "R 2+1"])
        XCTAssertEqual(times.sightline, [1, 2, 3, 10, 11, 12, 13, 14])
        XCTAssertEqual(times.reference, [4, 5, 6, 7, 8, 9, 15, 16])
    }

    func testThreeSidesTakeTurnsForwardThenBackward() throws {
        var log: [String] = []
        func side(_ name: String, milliseconds: Double) -> AlternatingRuns.Side {
            { timed, untimed in
                log.append("\(name) \(timed)+\(untimed)")
                return [Double](repeating: milliseconds, count: timed)
            }
        }
        // 4 runs at least, then on until the slowest side to fill (OpenVINO's 1 ms runs) has 7 ms.
        let times = try AlternatingRuns(runs: 4, warmup: 2, minimumMilliseconds: 7, maximumRuns: 30).measure(
            sides: [side("S", milliseconds: 2), side("O", milliseconds: 3), side("V", milliseconds: 1)])
        XCTAssertEqual(log, ["S 3+2", "O 3+2", "V 3+2", "V 1+1", "O 1+1", "S 1+1", "S 3+1", "O 3+1", "V 3+1"])
        XCTAssertEqual(times.map(\.count), [7, 7, 7])
        XCTAssertEqual(times[1], [Double](repeating: 3, count: 7))
    }

    func testCheapRunsGoOnUntilEachSideHasSpentTheMinimumTimeUpToTheMaximum() throws {
        var blocks: [String] = []
        func side(_ name: String, milliseconds: Double) -> AlternatingRuns.Side {
            { timed, _ in
                blocks.append("\(name) \(timed)")
                return [Double](repeating: milliseconds, count: timed)
            }
        }
        // 4 runs at least; the reference's 2 ms runs reach 20 ms after 10 runs, Sightline's 4 ms
        // sooner: the slower-to-fill side decides, in whole rounds of both.
        var times = try AlternatingRuns(runs: 4, warmup: 0, minimumMilliseconds: 20, maximumRuns: 40)
            .measure(sightline: side("S", milliseconds: 4), reference: side("R", milliseconds: 2))
        XCTAssertEqual(times.sightline.count, 10)
        XCTAssertEqual(times.reference.count, 10)
        XCTAssertEqual(blocks, ["S 3", "R 3", "R 1", "S 1", "S 3", "R 3", "R 3", "S 3"])
        // The maximum caps it, whatever the time.
        blocks = []
        times = try AlternatingRuns(runs: 4, warmup: 0, minimumMilliseconds: 1_000, maximumRuns: 7)
            .measure(sightline: side("S", milliseconds: 1), reference: side("R", milliseconds: 1))
        XCTAssertEqual(times.sightline.count, 7)
        XCTAssertEqual(blocks, ["S 3", "R 3", "R 1", "S 1", "S 3", "R 3"])
        // Without a minimum, exactly the runs asked for.
        times = try AlternatingRuns(runs: 5, warmup: 0, maximumRuns: 50)
            .measure(sightline: side("S", milliseconds: 1), reference: side("R", milliseconds: 1))
        XCTAssertEqual(times.sightline.count, 5)
    }

    func testASideThatFailsStopsTheMeasurement() {
        struct Broken: Error {}
        var referenceBlocks = 0
        XCTAssertThrowsError(try AlternatingRuns(runs: 6, warmup: 0).measure(
            sightline: { timed, _ in [Double](repeating: 1, count: timed) },
            reference: { _, _ in referenceBlocks += 1; throw Broken() })) { error in
            XCTAssert(error is Broken, "\(error)")
        }
        XCTAssertEqual(referenceBlocks, 1)
    }
}
