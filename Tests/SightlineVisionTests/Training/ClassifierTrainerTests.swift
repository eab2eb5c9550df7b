// ClassifierTrainerTests: `sightline train` end to end on a tiny real photo folder (4 carrots,
// 4 potatoes, 4 tomatoes from GroceryStoreDataset, see Fixtures/LICENSES.md) — the written
// model classifies the photos, loads and runs in ONNX Runtime with the same probabilities,
// records its training in the manifest, is the same for the same seed — and the clear errors
// for bad folders, unreadable files and model names.
import Foundation
import SightlineEngine
import SightlineImaging
import SightlineTestSupport
@testable import SightlineTraining
@testable import SightlineVision
import XCTest

final class ClassifierTrainerTests: XCTestCase {
    private static let sharedTrainer = Result { () throws -> ClassifierTrainer in
        try ClassifierTrainer(backbone: InstalledTestModel.lite0(), options: InferenceOptions(threads: 2))
    }

    private func trainer() throws -> ClassifierTrainer { try Self.sharedTrainer.get() }

    private func vegetables() throws -> LabelledImageFolder {
        try LabelledImageFolder(scanning: TestFiles.fixture("vegetables"))
    }

    private let options = ClassifierTrainingOptions(validationFraction: 0.25, seed: 7)

    // MARK: End to end

    func testTrainedModelClassifiesItsPhotosAndRecordsHowItWasTrained() throws {
        let scratch = try ScratchFolder(testCase: self)
        let store = ModelStore(dataDirectory: scratch.url)
        let folder = try vegetables()
        var events: [TrainingProgress] = []
        let trained = try trainer().train(folder, options: options) { events.append($0) }

        XCTAssertEqual(trained.labels, ["carrot", "potato", "tomato"])
        XCTAssertEqual(trained.report.classes.map(\.trainingPhotos), [3, 3, 3])
        XCTAssertEqual(trained.report.classes.map(\.validationPhotos), [1, 1, 1])
        XCTAssertTrue(trained.report.refittedOnAllPhotos)
        XCTAssertEqual(trained.report.trainingAccuracy, 1)
        XCTAssertNotNil(trained.report.validationAccuracy)
        XCTAssertEqual(trained.head.featureCount, 1280)
        let featureEvents = events.compactMap { event -> [Int]? in
            if case .features(let completed, let total) = event { return [completed, total] } else { return nil }
        }
        XCTAssertEqual(featureEvents.first, [0, 12])
        XCTAssertEqual(featureEvents.last, [12, 12])
        let steps = events.compactMap { event -> RegularizationPathStep? in
            if case .fitting(.stepFinished(let step)) = event { return step } else { return nil }
        }
        XCTAssertEqual(steps, trained.report.path.steps)
        XCTAssertTrue(trained.report.path.steps.contains(trained.report.path.chosen))

        let model = try TrainedModelWriter.write(trained, name: "vegetables", to: store)
        XCTAssertEqual(try store.model("vegetables"), model)
        let manifest = model.manifest
        XCTAssertEqual(manifest.task, .classification)
        XCTAssertEqual(manifest.labels, trained.labels)
        XCTAssertEqual(manifest.input, try InstalledTestModel.lite0().manifest.input)
        XCTAssertEqual(manifest.outputs["logits"], "logits")
        XCTAssertEqual(manifest.outputs["probabilities"], "probabilities")
        XCTAssertEqual(manifest.outputs["features"], "features")
        // Every other role of the backbone (such as "feature_map") is kept under its tensor name.
        for (role, name) in try InstalledTestModel.lite0().manifest.outputs where role != "logits" {
            XCTAssertEqual(manifest.outputs[role], name, role)
        }
        XCTAssertEqual(manifest.sha256, HexDigest.sha256(of: try Data(contentsOf: model.modelURL)))
        let record = try XCTUnwrap(manifest.training)
        XCTAssertEqual(record.backbone, "lite0")
        XCTAssertEqual(record.classes, trained.report.classes)
        XCTAssertEqual(record.seed, 7)
        XCTAssertEqual(record.dataDirectory, folder.url.standardizedFileURL.path)
        XCTAssertEqual(record.iterations, trained.report.finalIterations)
        XCTAssertEqual(record.inverseStrength, trained.report.path.chosen.inverseStrength)
        XCTAssertEqual(record.inverseStrengthsTried, trained.report.path.steps.map(\.inverseStrength))
        XCTAssertEqual(record.l2Regularization, 1 / (record.inverseStrength * 12), accuracy: 1e-12, "refitted on all 12 photos")
        XCTAssertEqual(record.validationAccuracy, trained.report.validationAccuracy)
        XCTAssertEqual(try ModelManifest(contentsOf: model.manifestURL), manifest, "the manifest reads back")

        // The ONNX file: labels in its metadata, and the classifier uses it like any other.
        let onnx = try Model(contentsOf: model.modelURL)
        XCTAssertEqual(onnx.metadata["labels"], "[\"carrot\",\"potato\",\"tomato\"]")
        let classifier = try ImageClassifier(model: model, options: InferenceOptions(threads: 2))
        for (classIndex, folderClass) in folder.classes.enumerated() {
            for file in folderClass.files {
                let best = try classifier.classify(imageAt: file, top: 3).best
                XCTAssertEqual(best?.label, folderClass.label, file.lastPathComponent)
                XCTAssertEqual(best?.index, classIndex)
            }
        }

        // Its probabilities are the softmax of its logits, in Sightline and in ONNX Runtime.
        let input = try classifier.inputValues(forImageAt: folder.classes[2].files[0])
        let outputs = try classifier.run(preparedBatch: input, imageCount: 1)
        let logits = outputs["logits"]!.floats, probabilities = outputs["probabilities"]!.floats
        let expected = trained.head.probabilities(for: FeatureMatrix(rows: 1, columns: 1280, values: outputs["features"]!.floats))
        for index in 0 ..< 3 { XCTAssertEqual(probabilities[index], expected[index], accuracy: 1e-5) }
        XCTAssertEqual(trained.head.logits(for: FeatureMatrix(rows: 1, columns: 1280, values: outputs["features"]!.floats))[0],
                       logits[0], accuracy: 1e-4)
        let reference = try ONNXRuntimeLogits.compute(model: model.modelURL, values: input,
                                                      shape: classifier.preprocessing.tensorShape(batchSize: 1),
                                                      output: "probabilities", scratch: scratch)
        for index in 0 ..< 3 { XCTAssertEqual(probabilities[index], reference[index], accuracy: 1e-4) }

        // Evaluating it on its own photos: every photo right.
        let run = try ClassifierEvaluator.evaluate(classifier, on: folder)
        XCTAssertEqual(run.evaluation.accuracy, 1)
        XCTAssertEqual(run.evaluation.perClass.map(\.count), [4, 4, 4])
        XCTAssertEqual(run.evaluation.confusion, [[4, 0, 0], [0, 4, 0], [0, 0, 4]])
        XCTAssertEqual(run.skippedPhotos, [])
    }

    func testTheSameSeedGivesTheSameModelAndAnotherSeedAnotherSplit() throws {
        let folder = try vegetables()
        let first = try trainer().train(folder, options: options)
        let second = try trainer().train(folder, options: options)
        XCTAssertEqual(first.head, second.head)
        XCTAssertEqual(first.report.path.steps, second.report.path.steps)
        var reseeded = options
        reseeded.seed = 8
        reseeded.refitOnAllPhotos = false
        var notRefitted = options
        notRefitted.refitOnAllPhotos = false
        XCTAssertNotEqual(try trainer().train(folder, options: reseeded).head, try trainer().train(folder, options: notRefitted).head)
    }

    func testAugmentedTrainingIsDeterministicAndUsesTheCopies() throws {
        let folder = try vegetables()
        var augmented = options
        augmented.augmentation = ImageAugmentation(copiesPerPhoto: 2)
        var totals: Set<Int> = []
        let first = try trainer().train(folder, options: augmented) { event in
            if case .features(_, let total) = event { totals.insert(total) }
        }
        XCTAssertEqual(totals, [36], "12 photos and 2 copies of each")
        XCTAssertEqual(first.report.augmentationCopies, 2)
        XCTAssertEqual(try trainer().train(folder, options: augmented).head, first.head)
        XCTAssertNotEqual(try trainer().train(folder, options: options).head, first.head)
    }

    func testAugmentedCopiesDifferFromThePhotoAndDependOnTheSeed() throws {
        let photo = try ImageDecoder.decode(contentsOf: TestFiles.fixture("vegetables/tomato/tomato-1.jpg"))
        let augmentation = ImageAugmentation()
        var generator = SeededRandomGenerator(seed: 1, stream: 5)
        var again = SeededRandomGenerator(seed: 1, stream: 5)
        var other = SeededRandomGenerator(seed: 2, stream: 5)
        let copy = augmentation.augmented(photo, using: &generator)
        XCTAssertEqual(augmentation.augmented(photo, using: &again), copy)
        XCTAssertNotEqual(augmentation.augmented(photo, using: &other), copy)
        XCTAssertNotEqual(copy, photo)
        // A crop keeps 60–100 % of the area.
        let area = Double(copy.width * copy.height) / Double(photo.width * photo.height)
        XCTAssertTrue(area >= 0.55 && area <= 1, "\(copy.size) from \(photo.size)")
    }

    // MARK: Bad data

    func testAnEmptyClassFolderIsAnError() throws {
        try TestRequirement.installedModels("lite0")
        let scratch = try copyOfVegetables()
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("onion"), withIntermediateDirectories: true)
        XCTAssertThrowsError(try trainer().train(LabelledImageFolder(scanning: scratch.url), options: options)) { error in
            XCTAssertEqual(error as? DatasetError, .emptyClassFolders(path: scratch.url.path, labels: ["onion"]))
            XCTAssertTrue("\(error)".contains("onion"), "\(error)")
        }
    }

    func testASingleClassIsAnError() throws {
        try TestRequirement.installedModels("lite0")
        let scratch = try ScratchFolder(testCase: self)
        for name in ["carrot-1.jpg", "carrot-2.jpg"] {
            try scratch.write(Data(contentsOf: TestFiles.fixture("vegetables/carrot/\(name)")), to: "carrot/\(name)")
        }
        XCTAssertThrowsError(try trainer().train(LabelledImageFolder(scanning: scratch.url), options: options)) { error in
            XCTAssertEqual(error as? DatasetError, .singleClass(path: scratch.url.path, label: "carrot"))
            XCTAssertTrue("\(error)".contains("at least two"), "\(error)")
        }
    }

    func testAClassWithOnePhotoIsAnError() throws {
        try TestRequirement.installedModels("lite0")
        let scratch = try copyOfVegetables()
        try scratch.write(Data(contentsOf: TestFiles.fixture("vegetables/carrot/carrot-1.jpg")), to: "onion/onion.jpg")
        XCTAssertThrowsError(try trainer().train(LabelledImageFolder(scanning: scratch.url), options: options)) { error in
            XCTAssertEqual(error as? DatasetError,
                           .tooFewPhotos(minimum: 2, counts: [DatasetError.ClassPhotoCount(label: "onion", photos: 1)]))
        }
    }

    func testUnreadableFilesAreSkippedAndListed() throws {
        let scratch = try copyOfVegetables()
        let text = try scratch.write(Data("not a photo".utf8), to: "potato/notes.jpg")
        let truncated = try scratch.write(Data(contentsOf: TestFiles.fixture("vegetables/tomato/tomato-1.jpg")).prefix(200),
                                          to: "tomato/broken.jpg")
        let trained = try trainer().train(LabelledImageFolder(scanning: scratch.url), options: options)
        XCTAssertEqual(trained.report.skippedPhotos.map(\.url.lastPathComponent), ["notes.jpg", "broken.jpg"])
        XCTAssertEqual(trained.report.skippedPhotos.map(\.url), [text, truncated])
        XCTAssertTrue(trained.report.skippedPhotos.allSatisfy { !$0.reason.isEmpty })
        XCTAssertEqual(trained.report.classes.map { $0.trainingPhotos + $0.validationPhotos }, [4, 4, 4])
        let written = try TrainedModelWriter.write(trained, name: "with-skips", to: ModelStore(dataDirectory: scratch.url))
        XCTAssertEqual(written.manifest.training?.skippedFiles, ["potato/notes.jpg", "tomato/broken.jpg"])
    }

    func testAClassLeftWithOneReadablePhotoIsAnError() throws {
        try TestRequirement.installedModels("lite0")
        let scratch = try copyOfVegetables()
        try scratch.write(Data(contentsOf: TestFiles.fixture("vegetables/carrot/carrot-1.jpg")), to: "onion/good.jpg")
        try scratch.write(Data("not a photo".utf8), to: "onion/bad.jpg")
        XCTAssertThrowsError(try trainer().train(LabelledImageFolder(scanning: scratch.url), options: options)) { error in
            XCTAssertEqual(error as? DatasetError,
                           .tooFewPhotos(minimum: 2, counts: [DatasetError.ClassPhotoCount(label: "onion", photos: 1)]))
        }
    }

    func testInvalidSettingsAreRefused() throws {
        try TestRequirement.installedModels("lite0")
        var bad = options
        bad.validationFraction = 1
        XCTAssertThrowsError(try trainer().train(vegetables(), options: bad)) { error in
            guard case .invalidOption? = error as? TrainingError else { return XCTFail("\(error)") }
        }
    }

    func testAChosenShorterSideAndClassWeightsAreRecordedAndKeptWhenTheHeadIsComposedAgain() throws {
        let scratch = try ScratchFolder(testCase: self)
        let store = ModelStore(dataDirectory: scratch.url)
        try FileManager.default.createDirectory(at: store.modelsDirectory, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: store.modelsDirectory.appendingPathComponent("lite0"),
                                                   withDestinationURL: InstalledTestModel.lite0().directory)
        let backbone = try InstalledTestModel.lite0().resizingShorterSide(to: 224)
        let trainer = try ClassifierTrainer(backbone: backbone, options: InferenceOptions(threads: 2))
        var weighted = options
        weighted.classWeights = ["potato": 0.5]
        let trained = try trainer.train(vegetables(), options: weighted)
        let model = try TrainedModelWriter.write(trained, name: "vegetables-224", to: store)
        XCTAssertEqual(model.manifest.input.resize, .shorterSideThenCenterCrop(shorterSide: 224))
        XCTAssertEqual(model.manifest.training?.shorterSide, 224)
        XCTAssertEqual(model.manifest.training?.classWeights, ["potato": 0.5])
        XCTAssertEqual(try ImageClassifier(model: model).preprocessing.shorterSide, 224)

        // The head remembers the resize: composed with the ordinary lite0 it prepares photos at 224.
        let composed = try TrainedModelWriter.write(TrainedHead(trained), on: store.model("lite0"), name: "composed", to: store)
        XCTAssertEqual(composed.manifest.input, model.manifest.input)
        XCTAssertEqual(composed.manifest.sha256, model.manifest.sha256)

        // Without a choice, the backbone's own shorter side is recorded.
        let plain = try self.trainer().train(vegetables(), options: options)
        XCTAssertEqual(TrainedModelWriter.record(of: plain).shorterSide, 256)
        XCTAssertNil(TrainedModelWriter.record(of: plain).classWeights)
    }

    func testClassWeightsMustNameClassesAndAShorterSideMustCoverTheCrop() throws {
        try TestRequirement.installedModels("lite0")
        var bad = options
        bad.classWeights = ["parsnip": 0.5]
        XCTAssertThrowsError(try trainer().train(vegetables(), options: bad)) { error in
            guard case .invalidOption(let reason)? = error as? TrainingError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("'parsnip'"), reason)
        }
        bad.classWeights = ["potato": 0]
        XCTAssertThrowsError(try trainer().train(vegetables(), options: bad)) { error in
            guard case .invalidOption? = error as? TrainingError else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try InstalledTestModel.lite0().resizingShorterSide(to: 200)) { error in
            guard case .invalidOption(let reason)? = error as? TrainingError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("224"), reason)
        }
    }

    // MARK: Model names

    func testModelNamesAreChecked() {
        for name in ["kitchen-vegetables", "cats_v2", "a", "Model.1"] {
            XCTAssertNoThrow(try TrainedModelWriter.checkName(name), name)
        }
        for name in ["", "-x", ".hidden", "a/b", "space name", "model.onnx", "ü", String(repeating: "a", count: 65)] {
            XCTAssertThrowsError(try TrainedModelWriter.checkName(name), name) { error in
                guard case .invalidModelName? = error as? TrainingError else { return XCTFail("\(name): \(error)") }
            }
        }
    }

    func testADownloadedModelIsNotReplacedButATrainedOneIs() throws {
        let scratch = try ScratchFolder(testCase: self)
        let store = ModelStore(dataDirectory: scratch.url)
        let lite0 = try InstalledTestModel.lite0()
        let encoder = JSONEncoder()
        try scratch.write(encoder.encode(lite0.manifest), to: "models/pretrained/manifest.json")
        XCTAssertThrowsError(try TrainedModelWriter.checkAvailable("pretrained", in: store), "checked before training")
        XCTAssertNoThrow(try TrainedModelWriter.checkAvailable("mine", in: store))
        var twoClasses = options
        twoClasses.validationFraction = 0
        let trained = try trainer().train(vegetables(), options: twoClasses)
        XCTAssertThrowsError(try TrainedModelWriter.write(trained, name: "pretrained", to: store)) { error in
            guard case .nameTakenByInstalledModel(let name, _)? = error as? TrainingError else { return XCTFail("\(error)") }
            XCTAssertEqual(name, "pretrained")
        }
        let first = try TrainedModelWriter.write(trained, name: "mine", to: store)
        XCTAssertEqual(first.manifest.training?.validationAccuracy, nil)
        XCTAssertEqual(first.manifest.training?.refittedOnAllPhotos, false)
        XCTAssertNoThrow(try TrainedModelWriter.write(trained, name: "mine", to: store))
    }

    /// A scratch copy of the vegetables fixture that a test may change.
    private func copyOfVegetables() throws -> ScratchFolder {
        let scratch = try ScratchFolder(testCase: self)
        for folderClass in try vegetables().classes {
            for file in folderClass.files {
                try scratch.write(Data(contentsOf: file), to: "\(folderClass.label)/\(file.lastPathComponent)")
            }
        }
        return scratch
    }
}
