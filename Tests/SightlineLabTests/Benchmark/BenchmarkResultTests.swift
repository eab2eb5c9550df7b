// BenchmarkResultTests: the JSON entries `sightline-lab bench --json` prints — the keys follow the
// unit, the ratios are Sightline's figure over the reference's and over OpenVINO's (null where
// OpenVINO was not measured), times of several images carry images per second, and each kind
// of result's details follow in a fixed order.
import Foundation
@testable import SightlineLab
import SightlinePresentation
import XCTest

final class BenchmarkResultTests: XCTestCase {
    private func object(_ result: BenchmarkResult) throws -> [String: Any] {
        let text = try JSONLine.encoding(result).text
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
    }

    func testTimeEntryHasMillisecondsRatioAndImagesPerSecond() throws {
        let entry = try object(BenchmarkResult(name: "lite0-b8-t2", measure: "batch of 8", unit: .milliseconds,
                                               sightline: 80, reference: 100, openVINO: 64, imagesPerRun: 8))
        XCTAssertEqual(entry["name"] as? String, "lite0-b8-t2")
        XCTAssertEqual(entry["unit"] as? String, "ms")
        XCTAssertEqual(entry["sightline_ms"] as? Double, 80)
        XCTAssertEqual(entry["reference_ms"] as? Double, 100)
        XCTAssertEqual(entry["ratio"] as? Double, 0.8)
        XCTAssertEqual(entry["better"] as? String, "lower")
        XCTAssertEqual(entry["sightline_images_per_second"] as? Double, 100)
        XCTAssertEqual(entry["reference_images_per_second"] as? Double, 80)
        XCTAssertEqual(entry["openvino_ms"] as? Double, 64)
        XCTAssertEqual(entry["openvino_ratio"] as? Double, 1.25)
        XCTAssertEqual(entry["openvino_images_per_second"] as? Double, 125)
    }

    func testMemoryAndSpeedEntriesNameTheirUnits() throws {
        let memory = try object(BenchmarkResult(name: "lite0-peak-memory-b1-t2", measure: "peak", unit: .megabytes,
                                                sightline: 90, reference: 120, details: .peakMemory(photos: 1000, sightlineMilliseconds: 5123.456)))
        XCTAssertEqual(memory["sightline_mb"] as? Double, 90)
        XCTAssertEqual(memory["reference_mb"] as? Double, 120)
        XCTAssertEqual(memory["ratio"] as? Double, 0.75)
        XCTAssertEqual(memory["photos"] as? Int, 1000)
        XCTAssertEqual(memory["sightline_ms"] as? Double, 5123.5)
        XCTAssertNil(memory["sightline_mb_per_photo"])
        // Not measured with OpenVINO: the keys are there, null.
        XCTAssert(memory["openvino_mb"] is NSNull && memory["openvino_ratio"] is NSNull, "\(memory)")
        XCTAssertNil(memory["openvino_images_per_second"])

        let speed = try object(BenchmarkResult(name: "lite0-efficiency-b1-t2", measure: "GFLOP/s", unit: .gigaflopsPerSecond,
                                               sightline: 60, reference: 50))
        XCTAssertEqual(speed["sightline_gflops"] as? Double, 60)
        XCTAssertEqual(speed["ratio"] as? Double, 1.2)
        XCTAssertEqual(speed["better"] as? String, "higher")
    }

    func testDetailsFollowTheFiguresInTheirOrder() throws {
        let efficiency = BenchmarkResult(
            name: "lite0-efficiency-b1-t1", measure: "GFLOP/s", unit: .gigaflopsPerSecond, sightline: 30.123456, reference: 25,
            openVINO: 40,
            details: .efficiency(multiplyAdds: 400_000_000, byKind: [("1×1 convolution", 300_000_000), ("matrix product", 1_280_000)],
                                 peakGFLOPS: 88.3201, sightlineOfPeak: 30.123456 / 88.3201, referenceOfPeak: 25 / 88.3201,
                                 openVINOOfPeak: 40 / 88.3201))
        XCTAssertEqual(try JSONLine.encoding(efficiency).text,
                       #"{"name": "lite0-efficiency-b1-t1", "measure": "GFLOP/s", "unit": "GFLOP/s", "sightline_gflops": 30.123, "#
                       + #""reference_gflops": 25.0, "ratio": 1.205, "better": "higher", "openvino_gflops": 40.0, "#
                       + #""openvino_ratio": 0.753, "multiply_adds": 400000000, "#
                       + #""multiply_adds_by_kind": {"1×1 convolution": 300000000, "matrix product": 1280000}, "peak_gflops": 88.3, "#
                       + #""sightline_of_peak": 0.341, "reference_of_peak": 0.283, "openvino_of_peak": 0.453}"#)

        let networks = BenchmarkResult(
            name: "mtcnn-1080p-t2", measure: "MTCNN", unit: .milliseconds, sightline: 40, reference: 50,
            details: .mtcnnNetworks(pyramidLevels: 9, rnetCrops: 120, onetCrops: 8,
                                    sightline: .init(milliseconds: [("pnet", 30.0004), ("rnet", 6), ("onet", 4)]),
                                    reference: .init(milliseconds: [("pnet", 38), ("rnet", 7), ("onet", 5)])))
        let entry = try object(networks)
        XCTAssertEqual(entry["pyramid_levels"] as? Int, 9)
        XCTAssertEqual((entry["sightline_network_ms"] as? [String: Double])?["pnet"], 30)
        XCTAssertTrue(try JSONLine.encoding(networks).text.hasSuffix(
            #""onet_crops": 8, "sightline_network_ms": {"pnet": 30.0, "rnet": 6.0, "onet": 4.0}, "#
            + #""reference_network_ms": {"pnet": 38.0, "rnet": 7.0, "onet": 5.0}}"#))
    }
}
