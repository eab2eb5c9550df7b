// ConfidenceCalibrationTests: choosing a classifier's confidence threshold — the lowest one at
// which enough of the answers above it are right, never on fewer than ten answers, the best
// reachable when the target is not — and the rule the front ends judge answers by, read from
// a manifest that records it (and survives writing the manifest back).
import Foundation
import SightlineVision
import XCTest

final class ConfidenceCalibrationTests: XCTestCase {
    private func outcomes(_ pairs: [(Double, Bool)]) -> [ConfidenceCalibration.Outcome] {
        pairs.map { ConfidenceCalibration.Outcome(confidence: $0.0, correct: $0.1) }
    }

    func testTheLowestThresholdThatReachesTheTargetIsChosen() throws {
        // 20 right answers at 0.60…0.79, then wrong ones at 0.30…0.39 mixed with right ones
        // at 0.40…0.49: above 0.5 every answer is right; from 0.40 on, 30 of 35 answers are.
        func run(_ count: Int, from start: Double, step: Double, correct: Bool) -> [(Double, Bool)] {
            (0 ..< count).map { (index: Int) -> (Double, Bool) in (start + Double(index) * step, correct) }
        }
        let pairs = run(20, from: 0.60, step: 0.01, correct: true) + run(10, from: 0.40, step: 0.01, correct: true)
            + run(5, from: 0.41, step: 0.02, correct: false) + run(10, from: 0.30, step: 0.01, correct: false)
        let confidence = try XCTUnwrap(ConfidenceCalibration.calibrate(outcomes(pairs), targetPrecision: 0.85, source: "test"))
        // From 0.40 on: 30 right of 35 (85.7 %) reaches 0.85; 0.39 would add wrong answers.
        XCTAssertEqual(confidence.threshold, 0.40, accuracy: 1e-4)
        XCTAssertEqual(confidence.precision, 0.8571, accuracy: 1e-4)
        XCTAssertEqual(confidence.coverage, 35.0 / 45.0, accuracy: 1e-4)
        XCTAssertEqual(confidence.photos, 45)
        XCTAssertEqual(confidence.source, "test")
        let strict = try XCTUnwrap(ConfidenceCalibration.calibrate(outcomes(pairs), targetPrecision: 1.0, source: "test"))
        XCTAssertEqual(strict.threshold, 0.60, accuracy: 1e-9, "from the first answer above the last wrong one (0.49) everything is right")
        XCTAssertEqual(strict.precision, 1.0)
    }

    func testATargetNoThresholdReachesGivesTheMostPreciseOne() throws {
        // Right and wrong alternate at every confidence: no threshold reaches 90 %.
        let pairs: [(Double, Bool)] = (0 ..< 40).map { (index: Int) -> (Double, Bool) in (0.2 + Double(index) / 100, index % 2 == 0) }
        let confidence = try XCTUnwrap(ConfidenceCalibration.calibrate(outcomes(pairs), source: "test"))
        XCTAssertLessThan(confidence.precision, 0.9)
        XCTAssertGreaterThanOrEqual(Int((confidence.coverage * 40).rounded()), ConfidenceCalibration.minimumAnswers)
    }

    func testTooFewPhotosGiveNoThreshold() {
        let nine: [(Double, Bool)] = Array(repeating: (0.9, true), count: 9)
        XCTAssertNil(ConfidenceCalibration.calibrate(outcomes(nine), source: "test"))
    }

    func testAThresholdIsNeverChosenOnFewerThanTenAnswers() throws {
        // Five right answers at the top, then wrong ones: the threshold must keep ten answers.
        let right: [(Double, Bool)] = (0 ..< 5).map { (index: Int) -> (Double, Bool) in (0.95 - Double(index) / 100, true) }
        let wrong: [(Double, Bool)] = (0 ..< 15).map { (index: Int) -> (Double, Bool) in (0.5 - Double(index) / 100, false) }
        let pairs = right + wrong
        let confidence = try XCTUnwrap(ConfidenceCalibration.calibrate(outcomes(pairs), source: "test"))
        XCTAssertEqual(Int((confidence.coverage * 20).rounded()), 10)
        XCTAssertEqual(confidence.precision, 0.5, accuracy: 1e-9)
    }

    func testTheRuleComesFromTheManifestAndSurvivesWritingIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calibration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = ModelManifest(
            name: "toy", title: "Toy", task: .classification, file: "model.onnx", sha256: String(repeating: "0", count: 64),
            input: .init(name: "input", layout: .nchw, width: 8, height: 8, color: "RGB", resize: .none,
                         normalization: .init(mean: [0, 0, 0], std: [1, 1, 1])),
            outputs: ["logits": "logits"], labels: ["a", "b"], licence: "MIT",
            source: .init(package: "p", version: "1", file: "f", sha256: "s"), converter: nil)
        XCTAssertEqual(ConfidenceRule(manifest: manifest), ConfidenceRule(threshold: 0.5, calibrated: false))
        let manifestURL = folder.appendingPathComponent("manifest.json")
        try JSONEncoder().encode(manifest).write(to: manifestURL)
        let installed = InstalledModel(manifest: manifest, modelURL: folder.appendingPathComponent("model.onnx"), manifestURL: manifestURL)
        let recorded = ModelManifest.Confidence(threshold: 0.37, targetPrecision: 0.9, precision: 0.91, coverage: 0.6, photos: 500,
                                                source: "imagenet-sample")
        let updated = try installed.recordingConfidence(recorded)
        XCTAssertEqual(updated.manifest.confidence, recorded)
        let reread = try ModelManifest(contentsOf: manifestURL)
        XCTAssertEqual(reread.confidence, recorded)
        XCTAssertEqual(reread.labels, ["a", "b"], "the rest of the manifest is kept")
        let rule = ConfidenceRule(manifest: reread)
        XCTAssertEqual(rule, ConfidenceRule(threshold: 0.37, calibrated: true))
        XCTAssertTrue(rule.isSure(0.37))
        XCTAssertFalse(rule.isSure(0.369))
        let text = try String(contentsOf: manifestURL, encoding: .utf8)
        XCTAssertTrue(text.contains("\"target_precision\""), text)
    }
}
