// TrainedHeadTests: the head file on a classifier trained on the vegetable fixtures — extracted
// from the installed model and written alone it is a small ONNX file that ONNX Runtime runs;
// read back and composed with lite0 again it gives the same model and the same probabilities on
// a real photo; it is refused on other backbone weights; and TrainedHeadInstaller installs a
// head file once, again when it changes, and refuses a file that is not a head.
import Foundation
import SightlineEngine
import SightlineTestSupport
@testable import SightlineTraining
@testable import SightlineVision
import XCTest

final class TrainedHeadTests: XCTestCase {
    private static let trained = Result { () throws -> TrainedClassifier in
        let trainer = try ClassifierTrainer(backbone: InstalledTestModel.lite0(), options: InferenceOptions(threads: 2))
        return try trainer.train(LabelledImageFolder(scanning: TestFiles.fixture("vegetables")),
                                 options: ClassifierTrainingOptions(validationFraction: 0.25, seed: 3))
    }

    /// A model store in `scratch` whose lite0 is a link to the installed one.
    private func storeWithLite0(in scratch: ScratchFolder) throws -> ModelStore {
        let store = ModelStore(dataDirectory: scratch.url)
        try FileManager.default.createDirectory(at: store.modelsDirectory, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: store.modelsDirectory.appendingPathComponent("lite0"),
                                                   withDestinationURL: InstalledTestModel.lite0().directory)
        return store
    }

    func testAHeadExtractedAndComposedAgainGivesTheSameModelAndProbabilities() throws {
        let scratch = try ScratchFolder(testCase: self)
        let store = try storeWithLite0(in: scratch)
        let trained = try Self.trained.get()
        let full = try TrainedModelWriter.write(trained, name: "vegetables", to: store)

        // Extracted from the installed model, the head is the trained one.
        let head = try TrainedHead(extractingFrom: full)
        XCTAssertEqual(head, TrainedHead(trained))
        XCTAssertEqual(head.labels, ["carrot", "potato", "tomato"])
        XCTAssertEqual(head.backbone, TrainedHead.Backbone(name: "lite0", weightsSHA256: try InstalledTestModel.lite0().manifest.source.sha256))
        XCTAssertEqual(head.training.seed, 3)
        XCTAssertEqual(head.training.classes.map(\.label), head.labels)

        // Written alone: a small ONNX file, features in, logits and probabilities out.
        let headFile = scratch.url.appendingPathComponent("vegetables.onnx")
        try head.write(to: headFile)
        let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: headFile.path)[.size] as? Int)
        XCTAssertLessThan(size, 20_000, "3 × 1280 weights and the metadata")
        let onnx = try Model(contentsOf: headFile)
        XCTAssertEqual(onnx.graph.inputs, [ValueInfo(name: "features", elementType: .float32, shape: [.symbolic("batch"), .fixed(1280)])])
        XCTAssertEqual(onnx.graph.nodes.map(\.opType), ["Gemm", "Softmax"])
        XCTAssertEqual(onnx.graph.outputs.map(\.name), ["logits", "probabilities"])
        XCTAssertEqual(onnx.metadata["labels"], "[\"carrot\",\"potato\",\"tomato\"]")
        XCTAssertEqual(try Data(contentsOf: full.directory.appendingPathComponent(TrainedModelWriter.headFileName)),
                       try Data(contentsOf: headFile), "the installed model keeps the head it was composed from")

        // Read back and composed with lite0 again: the same bytes as the model training wrote.
        let readBack = try TrainedHead(contentsOf: headFile)
        XCTAssertEqual(readBack, head)
        let composed = try TrainedModelWriter.write(readBack, on: store.model("lite0"), name: "composed", to: store)
        XCTAssertEqual(composed.manifest.sha256, full.manifest.sha256)
        XCTAssertEqual(composed.manifest.labels, full.manifest.labels)
        XCTAssertEqual(composed.manifest.training, full.manifest.training)
        XCTAssertEqual(composed.manifest.title, "3-class classifier trained on vegetables, on EfficientNet-Lite0 (ImageNet-1k) features")

        // The same probabilities on a real photo, and the head alone computes them from the
        // features in Sightline and in ONNX Runtime.
        let photo = TestFiles.fixture("vegetables/tomato/tomato-2.jpg")
        let original = try ImageClassifier(model: full, options: InferenceOptions(threads: 2))
        let recomposed = try ImageClassifier(model: composed, options: InferenceOptions(threads: 2))
        let input = try original.inputValues(forImageAt: photo)
        let expected = try original.run(preparedBatch: input, imageCount: 1)
        let actual = try recomposed.run(preparedBatch: input, imageCount: 1)
        XCTAssertEqual(actual["probabilities"]?.floats, expected["probabilities"]?.floats)
        XCTAssertEqual(try recomposed.classify(imageAt: photo, top: 1).best?.label, "tomato")
        let features = try XCTUnwrap(expected["features"]?.floats)
        let fromHead = try ONNXRuntimeLogits.compute(model: headFile, values: features, shape: [1, 1280], output: "probabilities",
                                                     scratch: scratch)
        let probabilities = try XCTUnwrap(expected["probabilities"]?.floats)
        for index in 0 ..< 3 { XCTAssertEqual(fromHead[index], probabilities[index], accuracy: 1e-5) }
    }

    func testAHeadIsRefusedOnOtherBackboneWeights() throws {
        let scratch = try ScratchFolder(testCase: self)
        let store = ModelStore(dataDirectory: scratch.url)
        var other = try InstalledTestModel.lite0()
        other.manifest.source.sha256 = String(repeating: "0", count: 64)
        XCTAssertThrowsError(try TrainedModelWriter.write(TrainedHead(Self.trained.get()), on: other, name: "mismatch", to: store)) { error in
            guard case .unusableBackbone(_, let reason)? = error as? TrainingError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("retrain the head"), reason)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.modelsDirectory.appendingPathComponent("mismatch").path))
    }

    func testTheInstallerInstallsAHeadOnceAndAgainWhenItChanges() throws {
        let scratch = try ScratchFolder(testCase: self)
        let store = try storeWithLite0(in: scratch)
        let heads = scratch.url.appendingPathComponent("heads", isDirectory: true)
        try FileManager.default.createDirectory(at: heads, withIntermediateDirectories: true)
        var head = TrainedHead(try Self.trained.get())
        let headFile = heads.appendingPathComponent("kitchen-test.onnx")
        try head.write(to: headFile)
        try Data("not a head".utf8).write(to: heads.appendingPathComponent(".hidden.onnx"))
        try Data().write(to: heads.appendingPathComponent("README.md"))
        XCTAssertEqual(try TrainedHeadInstaller.headFiles(in: heads), [headFile])
        XCTAssertEqual(try TrainedHeadInstaller.headFiles(in: heads.appendingPathComponent("missing")), [])

        let first = try TrainedHeadInstaller.install(headAt: headFile, in: store)
        XCTAssertEqual(first.outcome, .installed)
        XCTAssertEqual(first.model.name, "kitchen-test")
        XCTAssertEqual(try store.model("kitchen-test").manifest.labels, ["carrot", "potato", "tomato"])
        XCTAssertEqual(try TrainedHeadInstaller.install(headAt: headFile, in: store).outcome, .upToDate)

        head.title = "vegetables, retitled"
        try head.write(to: headFile)
        let changed = try TrainedHeadInstaller.install(headAt: headFile, in: store)
        XCTAssertEqual(changed.outcome, .installed)
        XCTAssertEqual(changed.model.manifest.title, "vegetables, retitled")
        XCTAssertEqual(changed.model.manifest.sha256, first.model.manifest.sha256, "the same weights, so the same graph")
    }

    func testAFileThatIsNotAHeadIsRefused() throws {
        try TestRequirement.installedModels("lite0")
        let scratch = try ScratchFolder(testCase: self)
        let notONNX = try scratch.write(Data("not a head".utf8), to: "broken.onnx")
        XCTAssertThrowsError(try TrainedHead(contentsOf: notONNX)) { error in
            guard case .unusableHead(let path, _)? = error as? TrainingError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, notONNX.path)
        }
        // lite0 is ONNX, but not a head: its input is an image and it has no training record.
        XCTAssertThrowsError(try TrainedHead(contentsOf: InstalledTestModel.lite0().modelURL)) { error in
            guard case .unusableHead? = error as? TrainingError else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try TrainedHead(extractingFrom: InstalledTestModel.lite0())) { error in
            guard case .unusableHead(_, let reason)? = error as? TrainingError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("training record"), reason)
        }
    }
}
