// ProcessMeasurementTests: a child process's peak resident memory is the kernel's figure for
// that child, and a failing child is reported with what it printed.
@testable import SightlineLab
import XCTest

final class ProcessMeasurementTests: XCTestCase {
    func testPeakMemoryGrowsWithWhatTheChildTouches() throws {
        let small = try ProcessMeasurement.run(["/usr/bin/env", "true"])
        // 200 MB written by the child, so it must be resident at once.
        let large = try ProcessMeasurement.run(["/usr/bin/env", "python3", "-c", "b = bytearray(200 * 1024 * 1024); b[::4096] = b'x' * len(b[::4096])"])
        XCTAssertGreaterThan(small.peakResidentBytes, 0)
        XCTAssertGreaterThan(large.peakResidentMegabytes, 200)
        XCTAssertLessThan(small.peakResidentMegabytes, 100)
        XCTAssertGreaterThan(large.wallMilliseconds, 0)
    }

    func testFailingChildIsReportedWithItsErrors() {
        XCTAssertThrowsError(try ProcessMeasurement.run(["/bin/sh", "-c", "echo broken >&2; exit 3"])) { error in
            let message = "\(error)"
            XCTAssert(message.contains("exited with status 3"), message)
            XCTAssert(message.contains("broken"), message)
        }
    }
}
