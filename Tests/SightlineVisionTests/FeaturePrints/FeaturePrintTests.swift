// FeaturePrintTests: unit length and distances of FeaturePrint, and the extractor on the real
// EfficientNet-Lite0 — its activations equal ONNX Runtime's "features" for the same tensors,
// a photo is nearest to its own mirror image, and models without features are refused.
import Foundation
import SightlineEngine
import SightlineImaging
import SightlineTestSupport
import SightlineVision
import XCTest

final class FeaturePrintTests: XCTestCase {
    // MARK: FeaturePrint

    func testPrintsHaveUnitLength() {
        XCTAssertEqual(FeaturePrint(activations: [3, 4]).values, [0.6, 0.8])
        let print = FeaturePrint(activations: [0.25, 1.5, 0, 2.75, 0.125])
        let length = print.values.reduce(0) { $0 + Double($1) * Double($1) }.squareRoot()
        XCTAssertEqual(length, 1, accuracy: 1e-6)
        XCTAssertEqual(FeaturePrint(activations: [0, 0, 0]).values, [0, 0, 0], "all-zero activations stay zero")
    }

    func testDistancesBetweenKnownPrints() throws {
        let x = FeaturePrint(activations: [2, 0]), y = FeaturePrint(activations: [0, 5])
        XCTAssertEqual(try x.distance(to: x), 0)
        XCTAssertEqual(try x.distance(to: y), Float(2).squareRoot(), accuracy: 1e-6, "orthogonal prints are √2 apart")
        XCTAssertEqual(try x.distance(to: FeaturePrint(activations: [-1, 0])), 2, accuracy: 1e-6)
        // Scale does not matter; (1, 1) is 45° from (2, 0): distance √(2 − 2·cos 45°).
        XCTAssertEqual(try FeaturePrint(activations: [1, 1]).distance(to: FeaturePrint(activations: [3, 3])), 0, accuracy: 1e-6)
        XCTAssertEqual(try x.distance(to: FeaturePrint(activations: [1, 1])),
                       Float((2 - 2 * cos(Double.pi / 4)).squareRoot()), accuracy: 1e-6)
    }

    func testPrintsOfDifferentLengthsCannotBeCompared() {
        XCTAssertThrowsError(try FeaturePrint(activations: [1, 2]).distance(to: FeaturePrint(activations: [1, 2, 3]))) { error in
            XCTAssertEqual(error as? FeaturePrintError, .differentLengths(2, 3))
        }
    }

    // MARK: Extractor on the installed Lite0

    func testActivationsEqualONNXRuntimeFeaturesOnTheSameTensors() throws {
        let extractor = try FeaturePrintExtractor(classifier: InstalledTestModel.classifier())
        let scratch = try ScratchFolder(testCase: self)
        let files = ["cabbage.jpg", "glass-bottle.jpg", "zucchini.jpg"].map(TestFiles.sample)
        let input = try files.flatMap { try extractor.classifier.inputValues(forImageAt: $0) }
        let activations = try extractor.activations(preparedBatch: input, imageCount: files.count)
        let reference = try ONNXRuntimeLogits.compute(
            model: extractor.classifier.model.modelURL, values: input,
            shape: extractor.classifier.preprocessing.tensorShape(batchSize: files.count), output: "features", scratch: scratch)
        XCTAssertEqual(activations.map(\.count), [1280, 1280, 1280])
        XCTAssertEqual(reference.count, 3 * 1280)
        for (image, row) in activations.enumerated() {
            for (index, value) in row.enumerated() {
                XCTAssertEqual(value, reference[image * 1280 + index], accuracy: 1e-4 * max(1, abs(value)),
                               "\(files[image].lastPathComponent) feature \(index)")
            }
        }
        let prints = try extractor.featurePrints(preparedBatch: input, imageCount: files.count)
        XCTAssertEqual(prints[1], FeaturePrint(activations: activations[1]))
        XCTAssertEqual(try extractor.featurePrint(imageAt: files[1]), prints[1], "one file gives the batch's print")
    }

    func testAPhotoRanksItsOwnMirrorImageFirst() throws {
        let extractor = try FeaturePrintExtractor(classifier: InstalledTestModel.classifier())
        let scratch = try ScratchFolder(testCase: self)
        let query = TestRepository.sample("cabbage.jpg")
        let mirrored = try scratch.write(
            ImageEncoder.pngData(ImageDecoder.decode(contentsOf: query).flippedHorizontally()), to: "photos/mirrored-cabbage.png")
        let unreadable = try scratch.write(Data("not an image".utf8), to: "photos/notes.jpg")
        let others = ["green-bell-pepper.jpg", "zucchini.jpg", "cardboard-box.jpg", "glass-bottle.jpg"].map(TestFiles.sample)
        let ranking = try extractor.rankBySimilarity(to: extractor.featurePrint(imageAt: query),
                                                     imagesAt: others + [unreadable, mirrored], batchSize: 2)
        XCTAssertEqual(ranking.ranked.count, 5)
        XCTAssertEqual(ranking.ranked.first?.url, mirrored)
        XCTAssertLessThan(ranking.ranked[0].distance, 0.5 * ranking.ranked[1].distance)
        XCTAssertEqual(ranking.ranked.map(\.distance), ranking.ranked.map(\.distance).sorted())
        XCTAssertEqual(ranking.failures.map(\.url), [unreadable])
    }

    func testAModelWithoutAFeaturesOutputIsRefused() throws {
        let lite0 = try InstalledTestModel.lite0()
        var manifest = lite0.manifest
        manifest.outputs = ["logits": "logits"]
        let model = InstalledModel(manifest: manifest, modelURL: lite0.modelURL, manifestURL: lite0.manifestURL)
        XCTAssertThrowsError(try FeaturePrintExtractor(model: model, options: InferenceOptions(threads: 1))) { error in
            guard case .manifestDoesNotMatchModel(_, let reason)? = error as? ClassificationError else {
                return XCTFail("expected manifestDoesNotMatchModel, got \(error)")
            }
            XCTAssertTrue(reason.contains("'features'"), reason)
        }
    }
}
