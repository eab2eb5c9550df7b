// ObjectDetectorTests: YOLO decoding end to end on the small models of make_yolo_models.py —
// both output layouts, the letterbox undone for wide, tall and small photos (the models read
// input samples, so the grey padding is visible in the scores), the thresholds, per-class
// suppression, the detection cap, the label sources and the load-time checks. Every expected
// box is worked out by hand from the script's table.
import Foundation
import SightlineEngine
import SightlineImaging
import SightlineTestSupport
@testable import SightlineVision
import XCTest

final class ObjectDetectorTests: XCTestCase {
    override class func tearDown() {
        YOLOTestModels.removeAll()
        super.tearDown()
    }

    /// An image of one colour: red 255 makes the top-left sample 1.0, green 230 the centre 0.902.
    private static let yellow = RGBColor(red: 255, green: 230, blue: 0)
    private static let padding = 114.0 / 255
    private static let names = ["apple", "banana", "chef's knife"]

    private func detector(_ model: String, labels: [String]? = nil,
                          options: ObjectDetectionOptions = ObjectDetectionOptions()) throws -> ObjectDetector {
        try ObjectDetector(modelAt: YOLOTestModels.url(model), labels: labels, options: options,
                           inferenceOptions: InferenceOptions(threads: 1))
    }

    private struct Expected {
        let label: String
        let confidence: Double
        let box: PixelRect
    }

    private func expect(_ label: String, _ confidence: Double, _ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Expected {
        Expected(label: label, confidence: confidence, box: PixelRect(x: x, y: y, width: width, height: height))
    }

    private func assertObjects(_ objects: [DetectedObject], _ expected: [Expected], _ context: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(objects.map(\.label), expected.map(\.label), context, file: file, line: line)
        for (object, wanted) in zip(objects, expected) {
            XCTAssertEqual(object.confidence, wanted.confidence, accuracy: 1e-5, "\(context): \(wanted.label)", file: file, line: line)
            let box = object.boundingBox
            for (actual, target) in [(box.x, wanted.box.x), (box.y, wanted.box.y), (box.width, wanted.box.width), (box.height, wanted.box.height)] {
                XCTAssertEqual(actual, target, accuracy: 1e-3, "\(context): \(wanted.label) box \(box) ≠ \(wanted.box)",
                               file: file, line: line)
            }
        }
    }

    // MARK: Decoding

    func testBothLayoutsDecodeTheSameObjectsFromASquarePhoto() throws {
        // 64×64 into 64×64: no scaling, no padding. Box 1 (apple, IoU 0.82 with box 0) is
        // suppressed; box 2 (banana, same place) survives because suppression is per class;
        // boxes 3 (0.35) and 4 (objectness 0.3) are below 0.4.
        let expected = [
            expect("chef's knife", 1.0, 44, 44, 12, 12),   // box 5: top-left red 255 → 1.0
            expect("banana", 230.0 / 255, 29, 7, 6, 6),     // box 7: centre green 230
            expect("apple", 0.81, 15, 20, 10, 20),
            expect("banana", 0.72, 16, 20, 10, 20),
            expect("apple", 0.5, 21, 20, 10, 20),
        ]
        let image = RGBImage(width: 64, height: 64, color: Self.yellow)
        for model in ["yolov5.onnx", "yolov8.onnx"] {
            let objects = try detector(model).detectObjects(in: image)
            assertObjects(objects, expected, model)
            XCTAssertEqual(objects.map(\.classIndex), [2, 1, 0, 1, 0], model)
        }
    }

    func testWidePhotoIsLetterboxedWithGreyBarsAboveAndBelow() throws {
        // 128×64 → scale 0.5, 64×32 content 16 rows down: photo x = 2·x, y = 2·(y − 16).
        // The top-left sample is now padding (114/255); box 7 lies wholly in the top bar and
        // is dropped; box 5 is clipped at the bottom edge.
        let image = RGBImage(width: 128, height: 64, color: Self.yellow)
        let expected = [
            expect("apple", 0.81, 30, 8, 20, 40),
            expect("banana", 0.72, 32, 8, 20, 40),
            expect("apple", 0.5, 42, 8, 20, 40),
            expect("chef's knife", Self.padding, 88, 56, 24, 8),
        ]
        for model in ["yolov5.onnx", "yolov8.onnx"] {
            let objects = try detector(model).detectObjects(in: image)
            assertObjects(objects, expected, model)
            let first = try XCTUnwrap(objects.first)
            XCTAssertEqual(first.normalizedBoundingBox.x, 30.0 / 128, accuracy: 1e-9)
            XCTAssertEqual(first.normalizedBoundingBox.y, 8.0 / 64, accuracy: 1e-9)
            XCTAssertEqual(first.normalizedBoundingBox.width, 20.0 / 128, accuracy: 1e-9)
            XCTAssertEqual(first.normalizedBoundingBox.height, 40.0 / 64, accuracy: 1e-9)
        }
    }

    func testTallPhotoIsLetterboxedWithBarsLeftAndRight() throws {
        // 32×64 → scale 1, content 16 columns in: photo x = x − 16. The centre is black photo
        // (box 7 scores 0), the top-left is padding; boxes crossing the edges are clipped.
        let image = RGBImage(width: 32, height: 64, color: .black)
        let expected = [
            expect("apple", 0.81, 0, 20, 9, 20),
            expect("banana", 0.72, 0, 20, 10, 20),
            expect("apple", 0.5, 5, 20, 10, 20),
            expect("chef's knife", Self.padding, 28, 44, 4, 12),
        ]
        assertObjects(try detector("yolov5.onnx").detectObjects(in: image), expected, "32×64 black")
    }

    func testSmallPhotoIsScaledUp() throws {
        // 16×16 → scale 4, no padding: photo coordinates are a quarter of the input's.
        let image = RGBImage(width: 16, height: 16, color: Self.yellow)
        let expected = [
            expect("chef's knife", 1.0, 11, 11, 3, 3),
            expect("banana", 230.0 / 255, 7.25, 1.75, 1.5, 1.5),
            expect("apple", 0.81, 3.75, 5, 2.5, 5),
            expect("banana", 0.72, 4, 5, 2.5, 5),
            expect("apple", 0.5, 5.25, 5, 2.5, 5),
        ]
        assertObjects(try detector("yolov8.onnx").detectObjects(in: image), expected, "16×16")
    }

    func testDetectsObjectsInAnImageFile() throws {
        let scratch = try ScratchFolder(testCase: self)
        let url = scratch.url.appendingPathComponent("wide.png")
        try ImageEncoder.pngData(RGBImage(width: 128, height: 64, color: Self.yellow)).write(to: url)
        let objects = try detector("yolov5.onnx").detectObjects(inImageAt: url)
        XCTAssertEqual(objects.map(\.label), ["apple", "banana", "apple", "chef's knife"])
    }

    // MARK: Thresholds, suppression and the cap

    func testConfidenceThresholdDropsObjectsAtOrBelowIt() throws {
        let image = RGBImage(width: 64, height: 64, color: Self.yellow)
        let strict = try detector("yolov8.onnx", options: ObjectDetectionOptions(confidenceThreshold: 0.75))
        XCTAssertEqual(try strict.detectObjects(in: image).map(\.label), ["chef's knife", "banana", "apple"])
        // 0.81 is not above 0.81.
        let atApple = try detector("yolov5.onnx", options: ObjectDetectionOptions(confidenceThreshold: 0.9))
        XCTAssertEqual(try atApple.detectObjects(in: image).map(\.confidence).count, 2)
    }

    func testLooserIoUThresholdKeepsTheOverlappingApple() throws {
        // Boxes 0 and 1 overlap by IoU 180/220 = 0.818: kept both above that threshold.
        let image = RGBImage(width: 64, height: 64, color: .black)
        let loose = try detector("yolov5.onnx", options: ObjectDetectionOptions(iouThreshold: 0.85))
        assertObjects(try loose.detectObjects(in: image), [
            expect("apple", 0.81, 15, 20, 10, 20),
            expect("apple", 0.72, 16, 20, 10, 20),
            expect("banana", 0.72, 16, 20, 10, 20),
            expect("apple", 0.5, 21, 20, 10, 20),
        ], "IoU 0.85")
        // At 0.2 the apple at IoU 0.25 goes too.
        let tight = try detector("yolov5.onnx", options: ObjectDetectionOptions(iouThreshold: 0.2))
        XCTAssertEqual(try tight.detectObjects(in: image).map(\.label), ["apple", "banana"])
    }

    func testMaximumDetectionsKeepsTheMostConfident() throws {
        let image = RGBImage(width: 64, height: 64, color: Self.yellow)
        let capped = try detector("yolov8.onnx", options: ObjectDetectionOptions(maximumDetections: 2))
        XCTAssertEqual(try capped.detectObjects(in: image).map(\.label), ["chef's knife", "banana"])
    }

    func testInvalidOptionsAreRefused() throws {
        try TestRequirement.pythonReferences()
        for options in [ObjectDetectionOptions(confidenceThreshold: 1.5), ObjectDetectionOptions(iouThreshold: -0.1),
                        ObjectDetectionOptions(maximumDetections: 0),
                        ObjectDetectionOptions(inputSize: ImageSize(width: 0, height: 640))] {
            XCTAssertThrowsError(try detector("yolov8.onnx", options: options)) { error in
                guard case ObjectDetectionError.invalidOptions = error else { return XCTFail("\(error)") }
            }
        }
    }

    // MARK: Input size

    func testDynamicModelLetterboxesToTheSizeInItsMetadata() throws {
        // imgsz "[96, 128]": 128 wide, 96 high. A 64×64 photo → scale 1.5, 96×96 content 16
        // columns in: photo x = (x − 16) / 1.5, y = y / 1.5. Both sampled boxes read the
        // top-left padding; with no names the classes are "class N", ties in class order.
        let detector = try detector("yolov8-dynamic.onnx")
        XCTAssertEqual(detector.inputSize, ImageSize(width: 128, height: 96))
        XCTAssertEqual(detector.labels.source, .none)
        let objects = try detector.detectObjects(in: RGBImage(width: 64, height: 64, color: Self.yellow))
        assertObjects(objects, [
            expect("class 0", 0.81, 0, 40.0 / 3, 6, 40.0 / 3),
            expect("class 1", 0.72, 0, 40.0 / 3, 20.0 / 3, 40.0 / 3),
            expect("class 0", 0.5, 10.0 / 3, 40.0 / 3, 20.0 / 3, 40.0 / 3),
            expect("class 1", Self.padding, 26.0 / 3, 14.0 / 3, 4, 4),
            expect("class 2", Self.padding, 56.0 / 3, 88.0 / 3, 8, 8),
        ], "dynamic 128×96")
    }

    func testDynamicModelTakesTheSizeGivenInTheOptions() throws {
        let detector = try detector("yolov8-dynamic.onnx", options: ObjectDetectionOptions(inputSize: ImageSize(width: 64, height: 64)))
        // No letterbox at 64×64: both sampled boxes read the photo's red 255 (1.0), class 1 first.
        let objects = try detector.detectObjects(in: RGBImage(width: 64, height: 64, color: Self.yellow))
        assertObjects(Array(objects.prefix(3)), [
            expect("class 1", 1, 29, 7, 6, 6),
            expect("class 2", 1, 44, 44, 12, 12),
            expect("class 0", 0.81, 15, 20, 10, 20),
        ], "dynamic 64×64")
    }

    func testFixedModelRefusesAnotherInputSize() throws {
        try TestRequirement.pythonReferences()
        XCTAssertThrowsError(try detector("yolov5.onnx", options: ObjectDetectionOptions(inputSize: ImageSize(width: 640, height: 640)))) { error in
            guard case ObjectDetectionError.invalidOptions(let reason) = error else { return XCTFail("\(error)") }
            XCTAssert(reason.contains("64×64"), reason)
        }
    }

    // MARK: Layout

    func testLayoutIsToldFromTheOutputShape() throws {
        XCTAssertEqual(try YOLOOutputLayout.resolve(shape: [1, 84, 8400], override: nil, labelCount: nil),
                       YOLOOutputGeometry(layout: .yolov8, boxCount: 8400, classCount: 80))
        XCTAssertEqual(try YOLOOutputLayout.resolve(shape: [1, 25200, 85], override: nil, labelCount: nil),
                       YOLOOutputGeometry(layout: .yolov5, boxCount: 25200, classCount: 80))
        // [1, 6, 9]: 9 boxes of 2 classes (v8) by shape, 6 boxes of 4 classes (v5) if there are 4 labels.
        XCTAssertEqual(try YOLOOutputLayout.resolve(shape: [1, 6, 9], override: nil, labelCount: nil).layout, .yolov8)
        XCTAssertEqual(try YOLOOutputLayout.resolve(shape: [1, 6, 9], override: nil, labelCount: 4).layout, .yolov5)
        XCTAssertEqual(try YOLOOutputLayout.resolve(shape: [1, 6, 9], override: .yolov5, labelCount: nil),
                       YOLOOutputGeometry(layout: .yolov5, boxCount: 6, classCount: 4))
        // Only one layout fits: [1, 4, 9] has no room for a class in v8.
        XCTAssertEqual(try YOLOOutputLayout.resolve(shape: [1, 4, 9], override: nil, labelCount: nil).layout, .yolov5)
        for (shape, override) in [([1, 7, 7], nil), ([1, 4, 5], nil), ([2, 84, 8400], nil), ([1, 2, 3, 4], nil),
                                  ([1, 4, 9], YOLOOutputLayout.yolov8)] as [([Int], YOLOOutputLayout?)] {
            XCTAssertThrowsError(try YOLOOutputLayout.resolve(shape: shape, override: override, labelCount: nil), "\(shape)")
        }
    }

    func testLayoutOverrideIsUsed() throws {
        try TestRequirement.pythonReferences()
        // Read as YOLOv8, the v5 model's [1, 10, 8] output scores 6 classes, not its 3 names.
        XCTAssertThrowsError(try detector("yolov5.onnx", options: ObjectDetectionOptions(layout: .yolov8))) { error in
            XCTAssertEqual(error as? ObjectDetectionError, .labelsDoNotMatchModel(
                model: "yolov5", labelCount: 3, classCount: 6, labelSource: "the model's metadata"))
        }
        XCTAssertEqual(try detector("yolov5.onnx", options: ObjectDetectionOptions(layout: .yolov5)).labels.names.count, 3)
    }

    // MARK: Labels

    func testLabelsComeFromTheMetadataOrTheCaller() throws {
        let fromMetadata = try detector("yolov5.onnx")
        XCTAssertEqual(fromMetadata.labels, DetectionLabels(names: Self.names, source: .metadata))
        let given = try detector("yolov8.onnx", labels: ["pear", "plum", "peach"])
        XCTAssertEqual(given.labels.source, .provided)
        let objects = try given.detectObjects(in: RGBImage(width: 64, height: 64, color: .black))
        XCTAssertEqual(objects.map(\.label), ["pear", "plum", "pear"])
    }

    func testLabelCountMustMatchTheModel() throws {
        try TestRequirement.pythonReferences()
        XCTAssertThrowsError(try detector("yolov8.onnx", labels: ["pear", "plum"])) { error in
            XCTAssertEqual(error as? ObjectDetectionError, .labelsDoNotMatchModel(
                model: "yolov8", labelCount: 2, classCount: 3, labelSource: "the label list given"))
        }
        XCTAssertThrowsError(try detector("yolov8.onnx", labels: []))
    }

    func testLabelFileIsReadOneNamePerLine() throws {
        let scratch = try ScratchFolder(testCase: self)
        let file = try scratch.write(Data("\u{FEFF}pear\r\n  plum \n\npeach\n".utf8), to: "labels.txt")
        XCTAssertEqual(try DetectionLabels.read(contentsOf: file), ["pear", "plum", "peach"])
        let empty = try scratch.write(Data("\n \n".utf8), to: "empty.txt")
        XCTAssertThrowsError(try DetectionLabels.read(contentsOf: empty)) { error in
            guard case ObjectDetectionError.unreadableLabels = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try DetectionLabels.read(contentsOf: scratch.url.appendingPathComponent("missing.txt")))
        let binary = try scratch.write(Data([0xFF, 0xFE, 0xFD]), to: "binary.txt")
        XCTAssertThrowsError(try DetectionLabels.read(contentsOf: binary))
    }

    func testMetadataNamesParseAsUltralyticsWritesThem() throws {
        XCTAssertEqual(try ClassNameList.parse(#"{0: 'person', 1: 'bicycle', 2: "chef's knife"}"#, dialect: .python),
                       ["person", "bicycle", "chef's knife"])
        XCTAssertEqual(try ClassNameList.parse(#"{1: 'b', 0: 'a\'s', 2: "c\\d", 3: 'caf\xe9'}"#, dialect: .python),
                       ["a's", "b", #"c\d"#, "café"])
        XCTAssertEqual(try ClassNameList.parse(" ['a', \"b\",] ", dialect: .python), ["a", "b"])
        XCTAssertEqual(try ClassNameList.parse("[hot dog, 'it''s', \"tab\\tbed\"]", dialect: .yaml), ["hot dog", "it's", "tab\tbed"])
        XCTAssertEqual(try ClassNameList.parse("{}", dialect: .python), [])
        for broken in ["{0: 'a', 2: 'c'}", "{0: 'a', 0: 'b'}", "{x: 'a'}", "['a', 'b'", "'a'", "['a'] extra", "{0: 'a}"] {
            XCTAssertThrowsError(try ClassNameList.parse(broken, dialect: .python), broken)
        }
    }

    func testUnreadableMetadataNamesAskForALabelFile() throws {
        let metadata = ["names": "{0: 'a', 5: 'b'}"]
        XCTAssertThrowsError(try DetectionLabels.fromMetadata(metadata))
        XCTAssertNil(try DetectionLabels.fromMetadata(["task": "detect"]))
    }

    // MARK: Loading

    func testRefusesModelsForOtherTasks() throws {
        try TestRequirement.pythonReferences()
        XCTAssertThrowsError(try detector("yolov8-segment.onnx")) { error in
            guard case ObjectDetectionError.unsupportedModel(_, let reason) = error else { return XCTFail("\(error)") }
            XCTAssert(reason.contains("segment"), reason)
        }
    }

    func testRefusesAFileThatIsNotAModel() throws {
        let scratch = try ScratchFolder(testCase: self)
        let file = try scratch.write(Data("not a model".utf8), to: "broken.onnx")
        XCTAssertThrowsError(try ObjectDetector(modelAt: file)) { error in
            guard case ObjectDetectionError.unusableModel = error else { return XCTFail("\(error)") }
        }
    }

    func testReferenceResolvesBareFilesAndInstalledModels() throws {
        let scratch = try ScratchFolder(testCase: self)
        // A bare export: a path without a manifest.
        let bare = try ObjectDetector(reference: YOLOTestModels.url("yolov8.onnx").path)
        XCTAssertEqual(bare.labels.source, .metadata)
        // An installed detector: its manifest's labels win over the metadata.
        let folder = scratch.url.appendingPathComponent("models/fruit-detector")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: YOLOTestModels.url("yolov8.onnx"), to: folder.appendingPathComponent("model.onnx"))
        try Data(Self.manifest(task: "object-detection").utf8).write(to: folder.appendingPathComponent("manifest.json"))
        let store = ModelStore(dataDirectory: scratch.url)
        let installed = try ObjectDetector(reference: "fruit-detector", store: store)
        XCTAssertEqual(installed.labels, DetectionLabels(names: ["fig", "lime", "kiwi"], source: .manifest))
        XCTAssertEqual(installed.modelName, "fruit-detector")
        let byPath = try ObjectDetector(reference: folder.appendingPathComponent("model.onnx").path)
        XCTAssertEqual(byPath.labels.source, .manifest)
        XCTAssertEqual(try installed.detectObjects(in: RGBImage(width: 64, height: 64, color: .black)).map(\.label),
                       ["fig", "lime", "fig"])
        // A classifier's manifest is refused.
        try Data(Self.manifest(task: "classification").utf8).write(to: folder.appendingPathComponent("manifest.json"))
        XCTAssertThrowsError(try ObjectDetector(reference: "fruit-detector", store: store)) { error in
            XCTAssertEqual(error as? ObjectDetectionError, .notADetector(model: "fruit-detector", task: .classification))
        }
    }

    private static func manifest(task: String) -> String {
        """
        {"name": "fruit-detector", "title": "Fruit detector", "task": "\(task)", "file": "model.onnx", "sha256": "0",
         "input": {"name": "images", "layout": "NCHW", "width": 64, "height": 64, "color": "RGB",
                   "resize": {"policy": "none"}, "normalization": {"mean": [0, 0, 0], "std": [255, 255, 255]}},
         "outputs": {"detections": "output0"}, "labels": ["fig", "lime", "kiwi"], "licence": "MIT",
         "source": {"package": "tests", "version": "1", "file": "yolov8.onnx", "sha256": "0"}}
        """
    }
}
