// BenchmarkResultTests: the JSON entries `sightline-lab bench --json` prints — the keys follow the
// unit, the ratio is Sightline's figure over the reference's, and times of several images
// carry images per second.
import Foundation
@testable import SightlineLab
import SightlinePresentation
import XCTest

final class BenchmarkResultTests: XCTestCase {
    private func object(_ result: BenchmarkResult) throws -> [String: Any] {
        let text = result.json.text
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
    }

    func testTimeEntryHasMillisecondsRatioAndImagesPerSecond() throws {
        let entry = try object(BenchmarkResult(name: "lite0-b8-t2", measure: "batch of 8", unit: .milliseconds,
                                               sightline: 80, reference: 100, imagesPerRun: 8))
        XCTAssertEqual(entry["name"] as? String, "lite0-b8-t2")
        XCTAssertEqual(entry["unit"] as? String, "ms")
        XCTAssertEqual(entry["sightline_ms"] as? Double, 80)
        XCTAssertEqual(entry["reference_ms"] as? Double, 100)
        XCTAssertEqual(entry["ratio"] as? Double, 0.8)
        XCTAssertEqual(entry["better"] as? String, "lower")
        XCTAssertEqual(entry["sightline_images_per_second"] as? Double, 100)
        XCTAssertEqual(entry["reference_images_per_second"] as? Double, 80)
    }

    func testMemoryAndSpeedEntriesNameTheirUnits() throws {
        let memory = try object(BenchmarkResult(name: "lite0-peak-memory-b1-t2", measure: "peak", unit: .megabytes,
                                                sightline: 90, reference: 120, details: [("photos", .integer(1000))]))
        XCTAssertEqual(memory["sightline_mb"] as? Double, 90)
        XCTAssertEqual(memory["reference_mb"] as? Double, 120)
        XCTAssertEqual(memory["ratio"] as? Double, 0.75)
        XCTAssertEqual(memory["photos"] as? Int, 1000)
        XCTAssertNil(memory["sightline_ms"])

        let speed = try object(BenchmarkResult(name: "lite0-efficiency-b1-t2", measure: "GFLOP/s", unit: .gigaflopsPerSecond,
                                               sightline: 60, reference: 50))
        XCTAssertEqual(speed["sightline_gflops"] as? Double, 60)
        XCTAssertEqual(speed["ratio"] as? Double, 1.2)
        XCTAssertEqual(speed["better"] as? String, "higher")
    }
}
