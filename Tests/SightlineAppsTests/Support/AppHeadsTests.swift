// AppHeadsTests: the apps' classifier heads in Models/heads/ (trained at set-up) — each is small,
// reads the features of the installed backbone it names (lite2 for the breeds and WasteGuard's box
// verifier, lite0 for the rest) with the resize it was trained with, and has exactly the labels its
// app looks up (cat / not cat, encyclopaedia breed names, canonical ingredient names, organic /
// non-organic, the TrashNet materials, foreign / not-foreign); installed by `make models` (which `make test` runs) they
// are the models the Cat Scanner, Kitchen and WasteGuard load, and they name the sample photos.
// The detector heads beside them (waste-detector, kitchen-detector) are small, read the installed
// lite0's feature maps, carry the apps' labels and are installed as the apps' detectors.
import Foundation
import SightlineApps
import SightlineTestSupport
import SightlineTraining
import SightlineVision
import XCTest

final class AppHeadsTests: XCTestCase {
    private static let headsFolder = TestRepository.url("Models/heads")
    private static let names = ["cat-breeds", "cat-detector", "kitchen-ingredients", "waste-materials", "waste-organic", "waste-verifier"]
    private static let lite2Heads: Set = ["cat-breeds", "waste-verifier"]
    private static let detectorNames = ["kitchen-detector", "waste-detector"]

    /// The classifier head files (the detector heads are checked on their own).
    private func classifierHeadFiles() throws -> [URL] {
        try TrainedHeadInstaller.headFiles(in: Self.headsFolder).filter { !DetectorHeadInstaller.isDetectorHead(at: $0) }
    }

    private func head(_ name: String) throws -> TrainedHead {
        try TrainedHead(contentsOf: Self.headsFolder.appendingPathComponent("\(name).onnx"))
    }

    func testEveryHeadIsSmallAndReadsTheInstalledBackbonesFeatures() throws {
        try TestRequirement.installedModels("lite0", "lite2", "cat-breeds", "cat-detector", "kitchen-ingredients", "waste-materials", "waste-organic", "waste-verifier")
        let files = try classifierHeadFiles()
        XCTAssertEqual(files.map(TrainedHeadInstaller.modelName), Self.names)
        let store = ModelStore()
        for file in files {
            let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
            XCTAssertLessThan(size, 200_000, file.lastPathComponent)
            let head = try TrainedHead(contentsOf: file)
            let name = TrainedHeadInstaller.modelName(of: file)
            XCTAssertEqual(head.backbone.name, Self.lite2Heads.contains(name) ? "lite2" : "lite0", name)
            XCTAssertEqual(head.backbone.weightsSHA256, try store.model(head.backbone.name).manifest.source.sha256, name)
            XCTAssertEqual(head.classifier.featureCount, 1280)
            XCTAssertEqual(head.training.classes.map(\.label), head.labels, "the record counts every class")
            XCTAssertTrue(head.training.classes.allSatisfy { $0.trainingPhotos >= 5 }, file.lastPathComponent)
            XCTAssertNotNil(head.training.shorterSide, "\(name) records the resize it was trained with")
        }
        XCTAssertEqual(try head("waste-materials").training.shorterSide, 224, "TrashNet's objects fill the frame")
    }

    func testTheDetectorHeadsAreSmallCarryTheAppsLabelsAndAreInstalled() throws {
        try TestRequirement.installedModels("lite0", "waste-detector", "kitchen-detector")
        let files = try TrainedHeadInstaller.headFiles(in: Self.headsFolder).filter(DetectorHeadInstaller.isDetectorHead)
        XCTAssertEqual(files.map(TrainedHeadInstaller.modelName), Self.detectorNames)
        let store = ModelStore()
        let lite0 = try store.model("lite0")
        for file in files {
            let name = TrainedHeadInstaller.modelName(of: file)
            let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
            XCTAssertLessThan(size, 2_000_000, "\(name): a head, not a whole detector")
            let head = try TrainedDetectorHead(contentsOf: file)
            XCTAssertEqual(head.backboneName, "lite0", name)
            XCTAssertEqual(head.backboneSHA256, lite0.manifest.source.sha256, name)
            XCTAssertEqual(head.training.classes.map(\.label), head.labels, "the record counts every class")
            let model = try store.model(name)
            XCTAssertEqual(model.manifest.task, .objectDetection)
            XCTAssertEqual(model.manifest.labels, head.labels)
            XCTAssertEqual(try Data(contentsOf: model.directory.appendingPathComponent(TrainedModelWriter.headFileName)),
                           try Data(contentsOf: file), "\(name) was installed from another head; run `make models`")
        }
        let knowledge = try WasteKnowledge.bundled()
        for label in try TrainedDetectorHead(contentsOf: Self.headsFolder.appendingPathComponent("waste-detector.onnx")).labels {
            XCTAssertNotNil(knowledge.wasteClass(label: label), "\(label) is not a WasteGuard class")
        }
        let vocabulary = try IngredientVocabulary.bundled()
        for label in try TrainedDetectorHead(contentsOf: Self.headsFolder.appendingPathComponent("kitchen-detector.onnx")).labels {
            XCTAssertTrue(vocabulary.contains(label), "\(label) is not a canonical ingredient name")
        }
    }

    func testTheLabelsAreTheOnesTheAppsLookUp() throws {
        XCTAssertEqual(Set(try head("cat-detector").labels), [CatScanner.catLabel, "not cat"])

        let encyclopaedia = try BreedEncyclopaedia.bundled()
        let breeds = try head("cat-breeds").labels
        XCTAssertEqual(breeds.count, 12, "the Oxford breeds")
        XCTAssertEqual(encyclopaedia.labelsWithoutEntry(breeds), [])
        for label in breeds { XCTAssertEqual(encyclopaedia.breed(named: label)?.name, label) }

        let vocabulary = try IngredientVocabulary.bundled()
        let ingredients = try head("kitchen-ingredients").labels
        XCTAssertGreaterThanOrEqual(ingredients.count, 20)
        for label in ingredients { XCTAssertTrue(vocabulary.contains(label), "\(label) is not a canonical ingredient name") }
        XCTAssertEqual(Set(ingredients).count, ingredients.count)

        XCTAssertEqual(Set(try head("waste-organic").labels), [PhotoVerdict.organicLabel, PhotoVerdict.nonOrganicLabel])
        XCTAssertEqual(Set(try head("waste-materials").labels), Set(try WasteMaterials.bundled().names.keys))
        XCTAssertEqual(Set(try head("waste-verifier").labels), [ForeignObjectVerifier.foreignLabel, ForeignObjectVerifier.notForeignLabel])
    }

    /// `make test` runs `make models` before the tests, which installs the heads.
    func testTheInstalledModelsAreTheTrainedHeadsAndNameTheSamplePhotos() throws {
        try TestRequirement.installedModels("lite0", "lite2", "cat-breeds", "cat-detector", "kitchen-ingredients", "waste-materials", "waste-organic", "waste-verifier")
        let store = ModelStore()
        for file in try classifierHeadFiles() {
            let name = TrainedHeadInstaller.modelName(of: file)
            guard let model = try? store.model(name) else {
                return XCTFail("\(name) is not installed: run `make test` or `make models`")
            }
            XCTAssertEqual(try Data(contentsOf: model.directory.appendingPathComponent(TrainedModelWriter.headFileName)),
                           try Data(contentsOf: file), "\(name) was installed from another head; run `make models`")
            let head = try TrainedHead(contentsOf: file)
            XCTAssertEqual(model.manifest.labels, head.labels)
            XCTAssertEqual(model.manifest.input.resize, .shorterSideThenCenterCrop(shorterSide: try XCTUnwrap(head.training.shorterSide)),
                           "\(name) prepares photos as it was trained")
        }
        func sample(_ name: String) throws -> Data {
            try Data(contentsOf: TestRepository.sample(name))
        }

        let scanner = try CatScanner.installed(in: store)
        XCTAssertEqual(scanner.breedClassifier.labels, try head("cat-breeds").labels)
        XCTAssertFalse(try scanner.scan(photo: sample("cabbage.jpg")).isCat)
        XCTAssertFalse(try scanner.scan(photo: sample("glass-bottle.jpg")).isCat)

        let identifier = try IngredientIdentifier.installed(vocabulary: IngredientVocabulary.bundled(), in: store)
        XCTAssertEqual(identifier.recognisedIngredients, try head("kitchen-ingredients").labels.sorted())
        XCTAssertEqual(try identifier.identify(photo: sample("cabbage.jpg")).candidates.first?.name, "cabbage")
        XCTAssertEqual(try identifier.identify(photo: sample("green-bell-pepper.jpg")).candidates.first?.name, "bell pepper")
        XCTAssertEqual(try identifier.identify(photo: sample("zucchini.jpg")).candidates.first?.name, "courgette")

        let wholePhoto = try WholePhotoClassifiers.installed(in: store)
        XCTAssertEqual(wholePhoto.modelNames, ["waste-organic", "waste-materials"])
        XCTAssertEqual(try wholePhoto.verdict(on: TestEnvironment.samplePhoto("cabbage.jpg"))?.isOrganic, true)
        let box = try XCTUnwrap(try wholePhoto.verdict(on: TestEnvironment.samplePhoto("cardboard-box.jpg")))
        XCTAssertEqual(box.isOrganic, false)
        XCTAssertEqual(box.material?.label, "cardboard")
    }
}
