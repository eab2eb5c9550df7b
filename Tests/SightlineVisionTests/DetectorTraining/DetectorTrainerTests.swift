// DetectorTrainerTests: `DetectorTrainer` end to end on a real photo set (18 + 6 litter photos,
// CC BY 4.0, see Fixtures/LICENSES.md) with the installed Lite0 — the head learns its training
// photos, the installed ONNX detector finds exactly what the trainer's own decoding finds, the
// manifest records the training, a seed gives the same detector — and the dataset problems a
// user hits: a missing data.yaml, one class, malformed label files, unreadable photos, boxes
// outside the photo, no valid/ split, and nothing installed when training fails.
import Foundation
import SightlineEngine
import SightlineImaging
@testable import SightlineTraining
@testable import SightlineVision
import XCTest

final class DetectorTrainerTests: XCTestCase {
    /// Small and quick: 160-pixel inputs and a narrow head.
    private func options(epochs: Int = 30, seed: UInt64 = 3, augment: Bool = true) -> DetectorTrainingOptions {
        DetectorTrainingOptions(imageSize: 160, epochs: epochs, patience: 100, seed: seed, batchSize: 6,
                                learningRate: 4e-3, width: 32, towerDepth: 1, augment: augment, threads: 2)
    }

    private func litter() -> URL { TestFiles.fixture("litter") }

    /// A copy of the litter fixture in a scratch folder, to be damaged by a test.
    private func litterCopy(in scratch: ScratchFolder) throws -> URL {
        let copy = scratch.url.appendingPathComponent("litter", isDirectory: true)
        try FileManager.default.copyItem(at: litter(), to: copy)
        return copy
    }

    func testTrainedDetectorFindsItsTrainingObjectsAndIsInstalledAsAnOrdinaryDetector() throws {
        let scratch = try ScratchFolder(testCase: self)
        let store = ModelStore(dataDirectory: scratch.url)
        let epochsSeen = EpochLog()
        // Without augmentation, so that 30 epochs are enough to learn the 18 photos.
        let trained = try DetectorTrainer.train(directory: litter(), backbone: InstalledTestModel.lite0(),
                                                options: options(augment: false)) {
            if case .epochFinished(let record) = $0 { epochsSeen.add(record.epoch) }
        }
        XCTAssertEqual(epochsSeen.epochs, Array(1 ... 30))
        XCTAssertEqual(trained.classNames.count, 15)
        XCTAssertEqual(trained.trainingPhotos, 18)
        XCTAssertEqual(trained.validationPhotos, 6)
        XCTAssertFalse(trained.validationHeldOut)
        XCTAssertLessThan(trained.epochs.last!.loss, trained.epochs.first!.loss * 0.85, "the loss falls")

        _ = try TrainedDetectorWriter.write(trained, name: "litter", to: store)
        let model = try TrainedDetectorWriter.write(trained, name: "litter", to: store)
        XCTAssertEqual(try store.model("litter"), model, "a detector trained again replaces the earlier one")
        XCTAssertEqual(try store.installedModels().map(\.name), ["litter"], "nothing is left over from the replacement")
        XCTAssertEqual(model.manifest.task, .objectDetection)
        XCTAssertEqual(model.manifest.labels, trained.classNames)
        XCTAssertEqual(model.manifest.input.width, 160)
        let record = try XCTUnwrap(model.manifest.detectorTraining)
        XCTAssertEqual(record.backbone, "lite0")
        XCTAssertEqual(record.history.count, 30)
        XCTAssertEqual(record.bestEpoch, trained.bestEpoch)
        XCTAssertEqual(record.classes.first { $0.label == "Mask" }?.trainingBoxes, trained.trainingBoxes[0])
        XCTAssertEqual(record.confidenceThreshold, TrainedDetectorWriter.confidenceThreshold)

        // The installed ONNX graph, run by the engine through ObjectDetector, finds what the
        // trainer's own decoding of the same photo finds (at 160 px there are 525 points, fewer
        // than the decoder's cap of candidates, so both see the same ones).
        let detector = try ObjectDetector(model: model, options: ObjectDetectionOptions(confidenceThreshold: 0.05, iouThreshold: 0.6,
                                                                                        maximumDetections: 100))
        let photos = try YOLODataset(directory: litter().appendingPathComponent("train")).photos
        var evaluator = DetectionEvaluator()
        for photo in photos {
            let image = try ImageDecoder.decode(contentsOf: photo.url)
            let found = try detector.detectObjects(in: image)
            evaluator.add(groundTruth: photo.objects, detections: found)
            let prepared = DetectorTrainer.prepare(image, objects: [], inputSide: 160,
                                                   normalization: model.manifest.input.normalization)
            var features = try trained.backbone.features(of: prepared.values, count: 1)[0]
            DetectorTrainer.standardise(&features, mean: trained.featureMean, std: trained.featureStd)
            let pass = DetectionHeadPass(architecture: trained.architecture, sizes: trained.backbone.sizes)
            pass.forward(parameters: trained.parameters, features: features)
            let expected = DetectionHeadDecoder.objects(classLogits: pass.classLogits, boxOutputs: pass.boxOutputs,
                                                        sizes: trained.backbone.sizes, strides: trained.backbone.strides,
                                                        classNames: trained.classNames, letterbox: prepared.letterbox)
            XCTAssertEqual(found.count, expected.count, photo.url.lastPathComponent)
            for (onnx, own) in zip(found, expected) {
                XCTAssertEqual(onnx.classIndex, own.classIndex)
                XCTAssertEqual(onnx.confidence, own.confidence, accuracy: 1e-3)
                XCTAssertEqual(onnx.boundingBox.x, own.boundingBox.x, accuracy: 0.05)
                XCTAssertEqual(onnx.boundingBox.width, own.boundingBox.width, accuracy: 0.05)
            }
        }
        let metrics = evaluator.metrics(classNames: trained.classNames, operatingConfidence: 0.4)
        XCTAssertGreaterThan(metrics.meanAveragePrecision50 ?? 0, 0.5, "the detector learns the photos it was trained on")
    }

    func testTheSameSeedGivesTheSameDetector() throws {
        let first = try DetectorTrainer.train(directory: litter(), backbone: InstalledTestModel.lite0(), options: options(epochs: 2))
        let second = try DetectorTrainer.train(directory: litter(), backbone: InstalledTestModel.lite0(), options: options(epochs: 2))
        let other = try DetectorTrainer.train(directory: litter(), backbone: InstalledTestModel.lite0(),
                                              options: options(epochs: 2, seed: 4))
        XCTAssertEqual(first.parameters, second.parameters)
        XCTAssertEqual(first.epochs.map(\.loss), second.epochs.map(\.loss))
        XCTAssertNotEqual(first.parameters, other.parameters)
    }

    func testAugmentationMovesTheBoxesWithThePhoto() throws {
        let set = try DetectionTrainingSet.load(directory: litter(), seed: 0, maximumSide: 240)
        let patches = ObjectPatch.patchesByClass(of: set.training)
        XCTAssertEqual(patches.map { $0[0].classIndex }, [0, 5], "patches of the two classes with boxes")
        let augmentation = DetectionAugmentation(pasteProbability: 1, cropProbability: 0, flips: false,
                                                 brightness: 1 ... 1, contrast: 1 ... 1, saturation: 1 ... 1)
        var generator = SeededRandomGenerator(seed: 9)
        let photo = set.training[0]
        let (image, objects) = augmentation.augmented(photo, patches: patches, using: &generator)
        XCTAssertEqual(image.size, photo.image.size)
        XCTAssertGreaterThan(objects.count, photo.objects.count, "pasted objects are labelled")
        for (kept, original) in zip(objects, photo.objects) {
            XCTAssertEqual(kept.classIndex, original.classIndex)
            XCTAssertEqual(kept.box.x, original.box.x, accuracy: 1e-9)
            XCTAssertEqual(kept.box.width, original.box.width, accuracy: 1e-9)
            XCTAssertEqual(kept.box.height, original.box.height, accuracy: 1e-9)
        }
        // Pasted boxes lie inside the photo, and the photo changed inside each of them.
        for pasted in objects.dropFirst(photo.objects.count) {
            XCTAssertTrue([0, 5].contains(pasted.classIndex))
            XCTAssertGreaterThanOrEqual(pasted.box.x, 0)
            XCTAssertLessThanOrEqual(pasted.box.x + pasted.box.width, 1 + 1e-9)
            let rect = ImageRect(x: Int(pasted.box.x * Double(image.width)), y: Int(pasted.box.y * Double(image.height)),
                                 width: Int(pasted.box.width * Double(image.width)), height: Int(pasted.box.height * Double(image.height)))
            XCTAssertNotEqual(image.cropped(to: rect), photo.image.cropped(to: rect))
        }
        // A mirror moves every box to the other side.
        let mirror = DetectionAugmentation(pasteProbability: 0, cropProbability: 0, flips: true,
                                           brightness: 1 ... 1, contrast: 1 ... 1, saturation: 1 ... 1)
        for seed: UInt64 in 0 ..< 8 {
            var draws = SeededRandomGenerator(seed: seed)
            let (mirrored, moved) = mirror.augmented(photo, patches: [], using: &draws)
            guard mirrored != photo.image else { continue }
            XCTAssertEqual(mirrored, photo.image.flippedHorizontally())
            for (before, after) in zip(photo.objects, moved) {
                XCTAssertEqual(after.box.x, 1 - before.box.x - before.box.width, accuracy: 1e-9)
                XCTAssertEqual(after.box.y, before.box.y, accuracy: 1e-9)
            }
            return
        }
        XCTFail("no seed of eight mirrored the photo")
    }

    func testTargetsTakeTheSmallestBoxAndEveryBoxGetsAPoint() {
        let sizes = [(height: 8, width: 8), (height: 4, width: 4), (height: 2, width: 2)]
        let large = TrainingBox(x1: 0, y1: 0, x2: 60, y2: 60, classIndex: 0)
        let small = TrainingBox(x1: 20, y1: 20, x2: 36, y2: 36, classIndex: 1)
        let tiny = TrainingBox(x1: 50, y1: 2, x2: 53, y2: 5, classIndex: 2)
        let targets = DetectionTargets(boxes: [large, small, tiny], sizes: sizes, strides: [8, 16, 32])
        // Point (3, 3) of the finest level (centre 28, 28) lies in both; the smaller wins.
        XCTAssertEqual(targets.classes[0][3 * 8 + 3], 1)
        XCTAssertEqual(targets.distances[0][4 * (3 * 8 + 3)], 1, "(28 − 20) / 8")
        XCTAssertEqual(targets.centerness[0][3 * 8 + 3], 1, accuracy: 1e-6)
        XCTAssertTrue(targets.classes[0].contains(2), "the 3-pixel box takes the nearest point")
        XCTAssertTrue(targets.classes.flatMap { $0 }.contains(0), "the large box is learned somewhere")
        XCTAssertEqual(targets.positiveCount, targets.classes.flatMap { $0 }.filter { $0 >= 0 }.count)
    }

    // MARK: Bad datasets

    func testAFolderWithoutDataYAMLIsRefused() throws {
        let scratch = try ScratchFolder(testCase: self)
        let copy = try litterCopy(in: scratch)
        try FileManager.default.removeItem(at: copy.appendingPathComponent("data.yaml"))
        XCTAssertThrowsError(try DetectionTrainingSet.load(directory: copy, seed: 0, maximumSide: 240)) { error in
            XCTAssertTrue("\(error)".contains("has no data.yaml"), "\(error)")
        }
        XCTAssertThrowsError(try DetectionTrainingSet.load(directory: scratch.url.appendingPathComponent("nowhere"), seed: 0,
                                                           maximumSide: 240)) { error in
            XCTAssertTrue("\(error)".contains("not a folder"), "\(error)")
        }
    }

    func testOneClassIsRefusedWithAnExplanation() throws {
        let scratch = try ScratchFolder(testCase: self)
        let copy = try litterCopy(in: scratch)
        try "names: ['Mask']\n".write(to: copy.appendingPathComponent("data.yaml"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try DetectionTrainingSet.load(directory: copy, seed: 0, maximumSide: 240)) { error in
            XCTAssertTrue("\(error)".contains("at least two classes"), "\(error)")
        }
        // Two names, but boxes of one class only.
        try "names: ['Mask', 'can', 'x', 'y', 'z', 'glove']\n".write(to: copy.appendingPathComponent("data.yaml"),
                                                                   atomically: true, encoding: .utf8)
        let labels = copy.appendingPathComponent("train/labels")
        for file in try FileManager.default.contentsOfDirectory(atPath: labels.path) {
            let url = labels.appendingPathComponent(file)
            let kept = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("0 ") }
            try kept.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        }
        XCTAssertThrowsError(try DetectionTrainingSet.load(directory: copy, seed: 0, maximumSide: 240)) { error in
            XCTAssertTrue("\(error)".contains("only the class 'Mask' has boxes"), "\(error)")
        }
    }

    func testBadFilesAreSkippedAndCountedAndBoxesOutsideAreClipped() throws {
        let scratch = try ScratchFolder(testCase: self)
        let copy = try litterCopy(in: scratch)
        let train = copy.appendingPathComponent("train")
        try "0 0.5 0.5 oops 0.2\n".write(to: train.appendingPathComponent("labels/train-01.txt"), atomically: true, encoding: .utf8)
        try "9 0.5 0.5 0.2 0.2\n".write(to: train.appendingPathComponent("labels/train-02.txt"), atomically: true, encoding: .utf8)
        try Data("not a photo".utf8).write(to: train.appendingPathComponent("images/train-03.jpg"))
        // A box reaching past the right edge (centre 0.95, width 0.3) is clipped to the photo.
        try "0 0.95 0.5 0.3 0.2\n".write(to: train.appendingPathComponent("labels/train-04.txt"), atomically: true, encoding: .utf8)
        try "names: ['Mask', 'can', 'cellphone', 'electronics', 'gbottle', 'glove']\n"
            .write(to: copy.appendingPathComponent("data.yaml"), atomically: true, encoding: .utf8)
        let set = try DetectionTrainingSet.load(directory: copy, seed: 0, maximumSide: 240)
        XCTAssertEqual(set.training.count, 15)
        XCTAssertEqual(set.skipped.count, 3)
        XCTAssertTrue(set.skipped[0].file.hasSuffix("train-01.jpg") && set.skipped[0].reason.contains("line 1"), "\(set.skipped[0])")
        XCTAssertTrue(set.skipped[1].reason.contains("class 9 is beyond the 6 names"), "\(set.skipped[1])")
        XCTAssertTrue(set.skipped[2].reason.contains("cannot be read"), "\(set.skipped[2])")
        XCTAssertEqual(set.clippedBoxes, 1)
        let clipped = try XCTUnwrap(set.training.first { $0.url.lastPathComponent == "train-04.jpg" }).objects[0].box
        XCTAssertEqual(clipped.x + clipped.width, 1, accuracy: 1e-9)
        XCTAssertEqual(clipped.width, 0.2, accuracy: 1e-9)
    }

    func testAMissingValidSplitIsHeldOutOfTrain() throws {
        let scratch = try ScratchFolder(testCase: self)
        let copy = try litterCopy(in: scratch)
        try FileManager.default.removeItem(at: copy.appendingPathComponent("valid"))
        let set = try DetectionTrainingSet.load(directory: copy, seed: 5, maximumSide: 240)
        XCTAssertTrue(set.validationHeldOut)
        XCTAssertEqual(set.validation.count, 4, "a fifth of 18")
        XCTAssertEqual(set.training.count, 14)
        XCTAssertTrue(Set(set.training.map(\.url)).isDisjoint(with: set.validation.map(\.url)))
    }

    func testNothingIsInstalledWhenTrainingFails() throws {
        let scratch = try ScratchFolder(testCase: self)
        let copy = try litterCopy(in: scratch)
        try FileManager.default.removeItem(at: copy.appendingPathComponent("train/images"))
        XCTAssertThrowsError(try DetectorTrainer.train(directory: copy, backbone: InstalledTestModel.lite0(), options: options()))
        XCTAssertThrowsError(try DetectorTrainingOptions(imageSize: 100).validate()) { error in
            XCTAssertTrue("\(error)".contains("multiple of 32"), "\(error)")
        }
        let store = ModelStore(dataDirectory: scratch.url)
        XCTAssertEqual(try store.installedModels(), [])
    }
}

/// The epochs a training run reported, collected from its progress callback.
private final class EpochLog: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [Int] = []

    func add(_ epoch: Int) {
        lock.lock()
        seen.append(epoch)
        lock.unlock()
    }

    var epochs: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return seen
    }
}
