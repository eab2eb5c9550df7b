// ImageClassifierTests: the real EfficientNet-Lite0 on real photos — sensible labels, exact
// top-5 agreement with ONNX Runtime fed the same tensor, EXIF orientation, batches of files
// and the errors for bad files.
import Foundation
import SightlineEngine
import SightlineImaging
import SightlineTestSupport
import SightlineVision
import XCTest

final class ImageClassifierTests: XCTestCase {
    /// Sample photos and the ImageNet class each must be recognised as (index, label).
    static let expectedTopClasses: [(file: String, index: Int, label: String)] = [
        ("green-bell-pepper.jpg", 945, "bell pepper"),
        ("cabbage.jpg", 936, "cabbage"),
        ("zucchini.jpg", 939, "zucchini"),
        ("cardboard-box.jpg", 478, "carton"),
        ("glass-bottle.jpg", 737, "soda bottle"),
    ]

    func testSamplePhotosAreRecognised() throws {
        let classifier = try InstalledTestModel.classifier()
        for expected in Self.expectedTopClasses {
            let result = try classifier.classify(imageAt: TestRepository.sample(expected.file), top: 5)
            XCTAssertEqual(result.observations.count, 5)
            XCTAssertEqual(result.best?.index, expected.index, "\(expected.file): \(result.observations)")
            XCTAssertEqual(result.best?.label, expected.label, expected.file)
            XCTAssertGreaterThan(result.best?.confidence ?? 0, 0.4, expected.file)
            let confidences = result.observations.map(\.confidence)
            XCTAssertEqual(confidences, confidences.sorted(by: >), "\(expected.file): not ranked")
        }
    }

    func testTopFiveMatchesONNXRuntimeOnTheSameTensors() throws {
        let classifier = try InstalledTestModel.classifier()
        let scratch = try ScratchFolder(testCase: self)
        let files = Self.expectedTopClasses.map { TestRepository.sample($0.file) }
        let input = try files.flatMap { try classifier.inputValues(forImageAt: $0) }
        let sightline = try classifier.classify(preparedBatch: input, imageCount: files.count, top: 5)
        let referenceLogits = try ONNXRuntimeLogits.compute(
            model: classifier.model.modelURL, values: input,
            shape: classifier.preprocessing.tensorShape(batchSize: files.count), output: "logits", scratch: scratch)
        XCTAssertEqual(referenceLogits.count, files.count * 1000)
        let labels = classifier.model.manifest.labels
        referenceLogits.withUnsafeBufferPointer { all in
            for (image, file) in files.enumerated() {
                let row = UnsafeBufferPointer(rebasing: all[image * 1000 ..< (image + 1) * 1000])
                let reference = ClassificationResult(logits: row, labels: labels, top: 5)
                XCTAssertEqual(sightline[image].observations.map(\.index), reference.observations.map(\.index),
                               file.lastPathComponent)
                for (ours, theirs) in zip(sightline[image].observations, reference.observations) {
                    XCTAssertEqual(ours.confidence, theirs.confidence, accuracy: 1e-4, file.lastPathComponent)
                }
            }
        }
    }

    func testEXIFRotatedPhotoIsClassifiedExactlyLikeItsUprightCopy() throws {
        let classifier = try InstalledTestModel.classifier()
        let upright = try classifier.classify(imageAt: TestFiles.fixture("carton-upright.png"), top: 5)
        let rotated = try classifier.classify(imageAt: TestFiles.fixture("carton-rotated-exif6.png"), top: 5)
        XCTAssertEqual(upright.best?.label, "carton")
        XCTAssertEqual(rotated, upright)
    }

    func testDataAndDecodedImageGiveTheSameResultAsTheFile() throws {
        let classifier = try InstalledTestModel.classifier()
        let file = TestRepository.sample("green-bell-pepper.jpg")
        let fromFile = try classifier.classify(imageAt: file, top: 3)
        XCTAssertEqual(try classifier.classify(data: Data(contentsOf: file), top: 3), fromFile)
        // A full-size decode: this 300×300 JPEG is too small for a reduced-scale decode anyway.
        XCTAssertEqual(try classifier.classify(image: ImageDecoder.decode(contentsOf: file), top: 3), fromFile)
    }

    func testCorruptFileErrorNamesTheFileAndTheProblem() throws {
        let classifier = try InstalledTestModel.classifier()
        let scratch = try ScratchFolder(testCase: self)
        let photo = try Data(contentsOf: TestRepository.sample("cabbage.jpg"))
        let truncated = try scratch.write(photo.prefix(photo.count / 2), to: "truncated.jpg")
        XCTAssertThrowsError(try classifier.classify(imageAt: truncated)) { error in
            guard case .unreadableImage(let file, .truncatedData(.jpeg, _))? = error as? ClassificationError else {
                return XCTFail("unexpected error \(error)")
            }
            XCTAssertEqual(file, truncated.path)
            XCTAssertTrue("\(error)".hasPrefix(truncated.path + ": The JPEG data is truncated"), "\(error)")
        }
    }

    func testFilesAreClassifiedInBatchesWithPerFileErrors() throws {
        let classifier = try InstalledTestModel.classifier()
        let scratch = try ScratchFolder(testCase: self)
        let notes = try scratch.write(Data("shopping list: cabbage, zucchini\n".utf8), to: "notes.jpg")
        let empty = try scratch.write(Data(), to: "empty.png")
        let urls = [TestRepository.sample("cabbage.jpg"), notes, TestRepository.sample("zucchini.jpg"), empty,
                    TestRepository.sample("glass-bottle.jpg")]
        var batches: [ClassifiedBatch] = []
        classifier.classify(imagesAt: urls, top: 3, batchSize: 2) { batches.append($0) }

        XCTAssertEqual(batches.map(\.images.count), [2, 2, 1])
        let images = batches.flatMap(\.images)
        XCTAssertEqual(images.map(\.url), urls)
        for index in [0, 2, 4] {
            XCTAssertEqual(try images[index].result.get(), try classifier.classify(imageAt: urls[index], top: 3))
            XCTAssertGreaterThan(images[index].seconds, 0)
        }
        guard case .failure(.unreadableImage(notes.path, .unrecognizedFormat))? = Optional(images[1].result) else {
            return XCTFail("notes.jpg: \(images[1].result)")
        }
        guard case .failure(.unreadableImage(empty.path, .emptyData))? = Optional(images[3].result) else {
            return XCTFail("empty.png: \(images[3].result)")
        }
        // The prepared input of each batch is exactly what the single-image path prepares.
        XCTAssertEqual(batches[1].preparedImageIndices, [0])
        XCTAssertEqual(batches[1].preparedInput, try classifier.inputValues(forImageAt: urls[2]))
    }

    func testFaceDetectorIsNotAcceptedAsAClassifier() throws {
        let scratch = try ScratchFolder(testCase: self)
        let manifestFile = try scratch.write(Data(ModelManifestTests.faceDetectorJSON.utf8), to: "pnet/manifest.json")
        let model = try ModelStore.loadModel(manifestURL: manifestFile)
        XCTAssertThrowsError(try ImageClassifier(model: model)) { error in
            XCTAssertEqual(error as? ClassificationError, .notAClassifier(model: "mtcnn-pnet", task: .faceDetection))
        }
    }

    func testUnloadableModelFileIsReportedWithItsPath() throws {
        let scratch = try ScratchFolder(testCase: self)
        try scratch.write(Data(ModelManifestTests.classifierJSON.utf8), to: "lite0/manifest.json")
        let onnx = try scratch.write(Data("not a protobuf".utf8), to: "lite0/model.onnx")
        XCTAssertThrowsError(try ImageClassifier(model: ModelStore.model(atPath: onnx.path))) { error in
            guard case .unusableModel("lite0", onnx.path, _)? = error as? ClassificationError else {
                return XCTFail("unexpected error \(error)")
            }
        }
    }
}
