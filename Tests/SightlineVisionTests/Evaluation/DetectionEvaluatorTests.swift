// DetectionEvaluatorTests: COCO-style average precision on small cases worked out by hand
// (interpolation, greedy matching, IoU thresholds, classes without labels, the per-photo cap,
// precision and recall at the operating confidence), then on 126 seeded COCO-like scenes
// perturbed into predictions, against pycocotools (scripts/reference/detection_map_reference.py).
import Foundation
import SightlineTestSupport
@testable import SightlineVision
import XCTest

final class DetectionEvaluatorTests: XCTestCase {
    private func label(_ classIndex: Int, _ x: Double, _ y: Double, _ width: Double, _ height: Double) -> GroundTruthObject {
        GroundTruthObject(classIndex: classIndex, box: NormalizedRect(x: x, y: y, width: width, height: height))
    }

    /// A detection in a 1×1 "photo", so its pixel box is its normalised box.
    private func detection(_ classIndex: Int, _ confidence: Double, _ x: Double, _ y: Double, _ width: Double,
                           _ height: Double) -> DetectedObject {
        DetectedObject(label: "class \(classIndex)", classIndex: classIndex, confidence: confidence,
                       boundingBox: PixelRect(x: x, y: y, width: width, height: height), imageWidth: 1, imageHeight: 1)
    }

    func testThresholdsAreNumpysLinspace() {
        XCTAssertEqual(DetectionEvaluator.iouThresholds,
                       [0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.8999999999999999, 0.95])
        XCTAssertEqual(DetectionEvaluator.recallThresholds.count, 101)
        XCTAssertEqual(DetectionEvaluator.recallThresholds[50], 0.5)
        XCTAssertEqual(DetectionEvaluator.recallThresholds.last, 1)
    }

    func testInterpolatedPrecisionOfHitMissHit() {
        // Ranked TP, FP, TP against 2 labels: recall .5, .5, 1; precision 1, .5, .667, made
        // non-increasing: 1, .667, .667. Recall points 0…0.50 (51) read 1, 0.51…1 (50) read 2/3.
        let expected = (51 + 50 * 2.0 / 3) / 101
        XCTAssertEqual(DetectionEvaluator.averagePrecision(matches: [true, false, true], instances: 2), expected, accuracy: 1e-12)
        // Nothing detected, or only misses: 0. Everything found first: 1.
        XCTAssertEqual(DetectionEvaluator.averagePrecision(matches: [], instances: 3), 0)
        XCTAssertEqual(DetectionEvaluator.averagePrecision(matches: [false, false], instances: 1), 0)
        XCTAssertEqual(DetectionEvaluator.averagePrecision(matches: [true, true, false], instances: 2), 1, accuracy: 1e-12)
        // Half the labels found, at precision 1: recall points 0…0.5 → 51/101.
        XCTAssertEqual(DetectionEvaluator.averagePrecision(matches: [true], instances: 2), 51.0 / 101, accuracy: 1e-12)
    }

    func testOneHitMissHitPhoto() {
        var evaluator = DetectionEvaluator()
        evaluator.add(groundTruth: [label(0, 0.1, 0.1, 0.2, 0.2), label(0, 0.6, 0.6, 0.2, 0.2)],
                      detections: [detection(0, 0.9, 0.1, 0.1, 0.2, 0.2),
                                   detection(0, 0.8, 0.35, 0.35, 0.1, 0.1),
                                   detection(0, 0.7, 0.6, 0.6, 0.2, 0.2)])
        let metrics = evaluator.metrics(classNames: ["cup"], operatingConfidence: 0.75)
        let cup = metrics.perClass[0]
        XCTAssertEqual(cup.label, "cup")
        XCTAssertEqual(cup.averagePrecision50, (51 + 50 * 2.0 / 3) / 101, accuracy: 1e-12)
        // Exact boxes match at every threshold.
        XCTAssertEqual(cup.averagePrecision50to95, cup.averagePrecision50, accuracy: 1e-12)
        // Above 0.75: the hit and the miss.
        XCTAssertEqual(cup.detectionCount, 2)
        XCTAssertEqual(cup.precision, 0.5)
        XCTAssertEqual(cup.recall, 0.5)
        XCTAssertEqual(metrics.meanAveragePrecision50 ?? 0, cup.averagePrecision50, accuracy: 1e-12)
    }

    func testLooserBoxesCountOnlyAtLowerThresholds() {
        // IoU 0.18 / 0.25 = 0.72: a match at 0.50, 0.55, 0.60, 0.65 and 0.70, not from 0.75.
        var evaluator = DetectionEvaluator()
        evaluator.add(groundTruth: [label(3, 0, 0, 0.5, 0.5)], detections: [detection(3, 0.9, 0, 0, 0.36, 0.5)])
        let metrics = evaluator.metrics(classNames: [], operatingConfidence: 0.4)
        let perThreshold = metrics.perClass[0].averagePrecisionByThreshold
        for (threshold, precision) in zip(DetectionEvaluator.iouThresholds, perThreshold) {
            XCTAssertEqual(precision, threshold < 0.72 ? 1 : 0, accuracy: 1e-12, "IoU threshold \(threshold)")
        }
        XCTAssertEqual(metrics.meanAveragePrecision50to95 ?? 0, 0.5, accuracy: 1e-12)
        XCTAssertEqual(metrics.perClass[0].label, "class 3")
    }

    func testMatchingIsGreedyByConfidenceAndTakesTheBestOverlap() {
        var evaluator = DetectionEvaluator()
        // Two labels side by side; the confident detection overlaps the second more (IoU 0.6
        // vs 0.14), so it takes it; the weaker one, sitting exactly on the second, finds it
        // taken and does not overlap the first: a false positive.
        evaluator.add(groundTruth: [label(0, 0, 0, 0.4, 0.4), label(0, 0.4, 0, 0.4, 0.4)],
                      detections: [detection(0, 0.6, 0.4, 0, 0.4, 0.4),
                                   detection(0, 0.9, 0.3, 0, 0.4, 0.4)])
        let metrics = evaluator.metrics(classNames: [], operatingConfidence: 0.4)
        // Ranked TP, FP against 2 labels: 51/101 at IoU 0.5 (matching the best overlaps
        // instead would rank FP, TP: half that).
        XCTAssertEqual(metrics.perClass[0].averagePrecision50, 51.0 / 101, accuracy: 1e-12)
        XCTAssertEqual(metrics.perClass[0].precision, 0.5)
        XCTAssertEqual(metrics.perClass[0].recall, 0.5)
    }

    func testMeansCoverOnlyLabelledClasses() {
        var evaluator = DetectionEvaluator()
        evaluator.add(groundTruth: [label(0, 0, 0, 0.5, 0.5), label(1, 0.5, 0.5, 0.5, 0.5)],
                      detections: [detection(0, 0.9, 0, 0, 0.5, 0.5), detection(2, 0.8, 0.5, 0, 0.5, 0.5),
                                   detection(0, 0.3, 0.5, 0.5, 0.1, 0.1)])
        evaluator.add(groundTruth: [], detections: [detection(2, 0.5, 0, 0, 1, 1)])
        let metrics = evaluator.metrics(classNames: ["a", "b", "c"], operatingConfidence: 0.4)
        XCTAssertEqual(metrics.perClass.map(\.label), ["a", "b"])
        XCTAssertEqual(metrics.perClass[0].averagePrecision50, 1, accuracy: 1e-12)
        XCTAssertEqual(metrics.perClass[1].averagePrecision50, 0)
        XCTAssertEqual(metrics.meanAveragePrecision50 ?? 0, 0.5, accuracy: 1e-12)
        XCTAssertEqual(metrics.detectedClassesWithoutLabels, [2])
        // Class a: above 0.4 only the hit; the 0.3 miss does not count.
        XCTAssertEqual(metrics.perClass[0].detectionCount, 1)
        XCTAssertEqual(metrics.perClass[0].precision, 1)
        XCTAssertEqual(metrics.perClass[1].recall, 0)
        XCTAssertEqual(metrics.meanRecall ?? 0, 0.5)
        XCTAssertEqual(metrics.photoCount, 2)
        XCTAssertEqual(metrics.instanceCount, 2)
        XCTAssertNil(DetectionEvaluator().metrics(classNames: [], operatingConfidence: 0.4).meanAveragePrecision50)
    }

    func testOnlyTheMostConfidentDetectionsPerPhotoAndClassCount() {
        // Ranked miss, miss, hit: AP 1/3. With a cap of 2 the hit, third in its photo, is dropped: AP 0.
        var capped = DetectionEvaluator(maximumDetectionsPerClass: 2)
        var uncapped = DetectionEvaluator()
        let labels = [label(0, 0, 0, 0.2, 0.2)]
        let detections = [detection(0, 0.9, 0.5, 0.5, 0.2, 0.2), detection(0, 0.8, 0.7, 0.7, 0.2, 0.2),
                          detection(0, 0.7, 0, 0, 0.2, 0.2)]
        capped.add(groundTruth: labels, detections: detections)
        uncapped.add(groundTruth: labels, detections: detections)
        XCTAssertEqual(capped.metrics(classNames: [], operatingConfidence: 0).perClass[0].averagePrecision50, 0)
        XCTAssertEqual(uncapped.metrics(classNames: [], operatingConfidence: 0).perClass[0].averagePrecision50,
                       1.0 / 3, accuracy: 1e-9)
    }

    // MARK: Against pycocotools

    func testMatchesPycocotoolsOnPerturbedCOCOLikeBoxes() throws {
        let scratch = try ScratchFolder(testCase: self)
        let labelsFolder = scratch.url.appendingPathComponent("labels")
        let predictionsFile = scratch.url.appendingPathComponent("predictions.json")
        let printed = try ReferencePython.run(script: "scripts/reference/detection_map_reference.py", arguments: [labelsFolder.path, predictionsFile.path, "--seed", "7", "--operating-confidence", "0.4",
                                               "--synthesize", "126"])
        let reference = try JSONDecoder().decode(CocoReference.self, from: Data(printed.utf8))
        let predictions = try JSONDecoder().decode(Predictions.self, from: Data(contentsOf: predictionsFile))

        var evaluator = DetectionEvaluator()
        for photo in predictions.photos {
            let labels = try YOLOLabelFile.read(contentsOf: labelsFolder.appendingPathComponent(photo.file))
            evaluator.add(groundTruth: labels, detections: photo.objects.map {
                detection($0.class, $0.confidence, $0.x, $0.y, $0.width, $0.height)
            })
        }
        let metrics = evaluator.metrics(classNames: [], operatingConfidence: 0.4)
        XCTAssertEqual(metrics.photoCount, 126)
        XCTAssertGreaterThan(reference.labels, 500, "the synthetic scenes hold 1–15 objects each")
        XCTAssertEqual(metrics.instanceCount, reference.labels)
        XCTAssertEqual(metrics.perClass.count, reference.per_class.count)
        XCTAssertEqual(metrics.meanAveragePrecision50 ?? 0, reference.map50, accuracy: 1e-9)
        XCTAssertEqual(metrics.meanAveragePrecision50to95 ?? 0, reference.map50_95, accuracy: 1e-9)
        for scores in metrics.perClass {
            let expected = try XCTUnwrap(reference.per_class[String(scores.classIndex)], "class \(scores.classIndex)")
            XCTAssertEqual(scores.averagePrecision50, expected.ap50, accuracy: 1e-9, "class \(scores.classIndex)")
            XCTAssertEqual(scores.averagePrecision50to95, expected.ap50_95, accuracy: 1e-9, "class \(scores.classIndex)")
            XCTAssertEqual(scores.precision, expected.precision, accuracy: 1e-12, "class \(scores.classIndex)")
            XCTAssertEqual(scores.recall, expected.recall, accuracy: 1e-12, "class \(scores.classIndex)")
        }
        // The perturbation leaves a detector that is neither perfect nor useless.
        XCTAssert((0.3 ... 0.95).contains(reference.map50_95), "\(reference.map50_95)")
    }

    private struct CocoReference: Decodable {
        struct ClassScores: Decodable {
            let ap50: Double
            let ap50_95: Double
            let precision: Double
            let recall: Double
        }

        let map50: Double
        let map50_95: Double
        let per_class: [String: ClassScores]
        let labels: Int
    }

    private struct Predictions: Decodable {
        struct Photo: Decodable {
            let file: String
            let objects: [Object]
        }

        struct Object: Decodable {
            let `class`: Int
            let confidence: Double
            let x: Double
            let y: Double
            let width: Double
            let height: Double
        }

        let photos: [Photo]
    }
}
