// ModelStoreTests: where the data directory is, listing installed models, resolving names,
// short names and .onnx paths — including every way resolution can fail — and the loading
// limits a store gives its models.
import SightlineEngine
@testable import SightlineVision
import XCTest

final class ModelStoreTests: XCTestCase {
    /// A data directory with `names` installed (a manifest each; the ONNX bytes don't matter here).
    private func makeStore(installing names: [String]) throws -> (ModelStore, ScratchFolder) {
        let scratch = try ScratchFolder(testCase: self)
        for name in names {
            let json = ModelManifestTests.classifierJSON.replacingOccurrences(of: "\"name\": \"lite0\"", with: "\"name\": \"\(name)\"")
            try scratch.write(Data(json.utf8), to: "models/\(name)/manifest.json")
            try scratch.write(Data("onnx".utf8), to: "models/\(name)/model.onnx")
        }
        return (ModelStore(dataDirectory: scratch.url), scratch)
    }

    func testDataDirectoryComesFromSightlineHome() {
        let store = ModelStore(environment: ["SIGHTLINE_HOME": "/srv/sightline", "HOME": "/home/ada"])
        XCTAssertEqual(store.dataDirectory.path, "/srv/sightline")
        XCTAssertEqual(store.modelsDirectory.path, "/srv/sightline/models")
    }

    func testDataDirectoryDefaultsToLocalShare() {
        XCTAssertEqual(ModelStore(environment: ["HOME": "/home/ada"]).dataDirectory.path, "/home/ada/.local/share/sightline")
        XCTAssertEqual(ModelStore(environment: ["HOME": "/home/ada", "SIGHTLINE_HOME": ""]).dataDirectory.path,
                       "/home/ada/.local/share/sightline")
    }

    func testListsInstalledModelsByNameAndIgnoresFoldersWithoutManifest() throws {
        let (store, scratch) = try makeStore(installing: ["lite1", "lite0"])
        try scratch.write(Data("partial".utf8), to: "models/half-installed/model.onnx")
        let models = try store.installedModels()
        XCTAssertEqual(models.map(\.name), ["lite0", "lite1"])
        XCTAssertEqual(models[0].modelURL, scratch.url.appendingPathComponent("models/lite0/model.onnx"))
    }

    func testModelsCarryTheirStoresLoadingLimitsAndAreLoadedWithinThem() throws {
        let (store, scratch) = try makeStore(installing: ["lite0"])
        XCTAssertEqual(try store.model("lite0").loadingLimits, ModelLoadingLimits())
        var limited = store
        limited.loadingLimits = ModelLoadingLimits(maximumFileSize: 3)
        let onnxPath = scratch.url.appendingPathComponent("models/lite0/model.onnx").path
        for model in [try limited.model("lite0"), try limited.model(onnxPath), try limited.installedModels()[0]] {
            XCTAssertEqual(model.loadingLimits, limited.loadingLimits)
            XCTAssertThrowsError(try model.loadONNX()) { error in
                XCTAssertEqual(error as? EngineError, .exceedsLoadingLimit(limit: "maximumFileSize", value: 4, maximum: 3))
            }
        }
    }

    func testNothingIsInstalledInAFreshDataDirectory() throws {
        let scratch = try ScratchFolder(testCase: self)
        XCTAssertEqual(try ModelStore(dataDirectory: scratch.url).installedModels().count, 0)
    }

    func testResolvesFullNamesAndUniqueShortNames() throws {
        let (store, _) = try makeStore(installing: ["efficientnet-lite0", "mtcnn-pnet", "lite2"])
        XCTAssertEqual(try store.model("efficientnet-lite0").name, "efficientnet-lite0")
        XCTAssertEqual(try store.model("lite0").name, "efficientnet-lite0")
        XCTAssertEqual(try store.model("pnet").name, "mtcnn-pnet")
        XCTAssertEqual(try store.model("lite2").name, "lite2")
    }

    func testAmbiguousShortNameListsTheCandidates() throws {
        let (store, _) = try makeStore(installing: ["efficientnet-lite0", "other-lite0"])
        XCTAssertThrowsError(try store.model("lite0")) { error in
            XCTAssertEqual(error as? ModelStoreError,
                           .ambiguousReference(reference: "lite0", candidates: ["efficientnet-lite0", "other-lite0"]))
        }
    }

    func testUnknownNameSaysWhatIsInstalledAndHowToInstall() throws {
        let (store, _) = try makeStore(installing: ["lite0"])
        XCTAssertThrowsError(try store.model("lite2")) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("'lite2' is not installed"), message)
            XCTAssertTrue(message.contains("installed: lite0"), message)
            XCTAssertTrue(message.contains("make models"), message)
        }
    }

    func testOnnxPathUsesTheManifestNextToIt() throws {
        let (_, scratch) = try makeStore(installing: ["lite0"])
        let path = scratch.url.appendingPathComponent("models/lite0/model.onnx").path
        let model = try ModelStore.model(atPath: path)
        XCTAssertEqual(model.name, "lite0")
        XCTAssertEqual(model.modelURL.path, path)
    }

    func testOnnxPathWithoutManifestNamesTheManifestItNeeds() throws {
        let scratch = try ScratchFolder(testCase: self)
        let model = try scratch.write(Data("onnx".utf8), to: "loose/classifier.onnx")
        XCTAssertThrowsError(try ModelStore(dataDirectory: scratch.url).model(model.path)) { error in
            XCTAssertEqual(error as? ModelStoreError, .manifestMissing(
                modelPath: model.path, expectedManifest: scratch.url.appendingPathComponent("loose/manifest.json").path))
            XCTAssertTrue("\(error)".contains("has no manifest"), "\(error)")
        }
    }

    func testMissingOnnxPathIsReported() throws {
        let scratch = try ScratchFolder(testCase: self)
        XCTAssertThrowsError(try ModelStore(dataDirectory: scratch.url).model("nowhere/model.onnx")) { error in
            XCTAssertEqual(error as? ModelStoreError, .modelFileNotFound(path: "nowhere/model.onnx"))
        }
    }

    func testManifestDescribingAnotherFileIsRefused() throws {
        let (_, scratch) = try makeStore(installing: ["lite0"])
        let copy = try scratch.write(Data("onnx".utf8), to: "models/lite0/other.onnx")
        XCTAssertThrowsError(try ModelStore.model(atPath: copy.path)) { error in
            guard case .manifestDescribesAnotherFile(_, _, let described)? = error as? ModelStoreError else {
                return XCTFail("unexpected error \(error)")
            }
            XCTAssertEqual(described, "model.onnx")
        }
    }

    func testBrokenManifestIsReportedWhenListing() throws {
        let (store, scratch) = try makeStore(installing: ["lite0"])
        try scratch.write(Data("{not json".utf8), to: "models/lite1/manifest.json")
        XCTAssertThrowsError(try store.installedModels()) { error in
            XCTAssertTrue("\(error)".contains("models/lite1/manifest.json"), "\(error)")
        }
    }
}
