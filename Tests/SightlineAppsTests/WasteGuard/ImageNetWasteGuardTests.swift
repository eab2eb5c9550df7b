// ImageNetWasteGuardTests: WasteGuard without a waste detector, on real photos with the installed
// lite0 — a beer bottle is found as glass and a plastic bag as a plastic bag, each boxed inside
// the photo by class activation mapping; a cabbage is a vegetable, organic; a cardboard box
// (ImageNet's "carton", which no class takes) yields nothing rather than an invented object; and
// with whole-photo heads installed (trained here on a handful of photos) a photo without objects
// gets their verdict, reported as a verdict, and so does a photo with one.
import Foundation
@testable import SightlineApps
import SightlineEngine
import SightlineImaging
import SightlineTestSupport
import SightlineTraining
import SightlineVision
import XCTest

final class ImageNetWasteGuardTests: XCTestCase {
    private func fixture(_ name: String) throws -> RGBImage {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil), name)
        return try ImageDecoder.decode(contentsOf: url)
    }

    private func wasteGuard(organicHead: InstalledModel? = nil, materialsHead: InstalledModel? = nil) throws -> WasteGuard {
        let knowledge = try WasteKnowledge.bundled()
        let selection = WasteModelSelection.imageNet(classifier: try TestEnvironment.lite0(), organicHead: organicHead,
                                                     materialsHead: materialsHead)
        let materials = try WasteMaterials.bundled()
        return WasteGuard(recognizer: try WasteRecognizer.load(selection, knowledge: knowledge, materials: materials),
                          knowledge: knowledge, materials: materials, selection: selection)
    }

    private let consent = ConsentGrant(acceptedAt: Date())

    func testABeerBottleIsGlassBoxedInsideThePhoto() throws {
        let photo = try fixture("beer-bottle.jpg")
        let report = try wasteGuard().analyse(photo, mode: .classify, language: .english, consent: consent)
        XCTAssertEqual(report.items.map(\.object.wasteClass.label), ["glass"])
        let object = try XCTUnwrap(report.items.first?.object)
        XCTAssertGreaterThanOrEqual(object.confidence, ImageNetWasteRecognizer.defaultMinimumConfidence)
        guard case .imageNet(let model, let classes) = object.evidence else { return XCTFail("\(object.evidence)") }
        XCTAssertEqual(model, "lite0")
        XCTAssertEqual(classes.first?.label, "beer bottle")
        XCTAssertEqual(object.confidence, classes.reduce(0) { $0 + $1.confidence }, accuracy: 1e-9)
        let box = object.boundingBox
        XCTAssertGreaterThanOrEqual(box.x, 0)
        XCTAssertGreaterThanOrEqual(box.y, 0)
        XCTAssertLessThanOrEqual(box.x + box.width, Double(photo.width) + 1e-9)
        XCTAssertLessThanOrEqual(box.y + box.height, Double(photo.height) + 1e-9)
        XCTAssertLessThan(box.area, Double(photo.width * photo.height), "the box narrows the photo down")
        XCTAssertEqual(report.information, "Detected object: glass\nThe marked object is non-organic waste.\n")
        XCTAssertEqual(report.items.first?.guidance?.bin.id, "altglas")
        XCTAssertNil(report.verdict)
    }

    func testAPlasticBagIsForeignMatterInCheckMode() throws {
        let report = try wasteGuard().analyse(fixture("plastic-bag.jpg"), mode: .check, language: .german, consent: consent)
        XCTAssertEqual(report.items.map(\.object.wasteClass.label), ["plastic bag"])
        XCTAssertEqual(report.items.map(\.role), [.nonOrganic])
        XCTAssertEqual(report.information,
                       "Erkanntes Objekt: Plastiktüte\nBitte entfernen Sie das markierte Objekt aus dem Biomüll.\n")
    }

    func testACabbageIsAnOrganicVegetable() throws {
        let wasteGuard = try wasteGuard()
        let cabbage = try TestEnvironment.samplePhoto("cabbage.jpg")
        let check = try wasteGuard.analyse(cabbage, mode: .check, consent: consent)
        XCTAssertTrue(check.items.isEmpty, "organic objects are not marked in check mode")
        XCTAssertEqual(check.information, "No foreign matter was detected in the waste.\n")
        let classify = try wasteGuard.analyse(cabbage, mode: .classify, language: .german, consent: consent)
        XCTAssertEqual(classify.items.map(\.object.wasteClass.label), ["vegetable"])
        XCTAssertEqual(classify.items.map(\.role), [.organic])
        XCTAssertEqual(classify.information, "Erkanntes Objekt: Gemüse\nDas markierte Objekt ist Bioabfall.\n")
        XCTAssertEqual(classify.items.first?.guidance?.bin.id, "biotonne")
    }

    func testNothingIsInventedForAPhotoWithoutACounterpart() throws {
        let wasteGuard = try wasteGuard()
        let box = try TestEnvironment.samplePhoto("cardboard-box.jpg")
        let check = try wasteGuard.analyse(box, mode: .check, consent: consent)
        XCTAssertTrue(check.items.isEmpty)
        XCTAssertNil(check.verdict, "no heads are installed, so there is no verdict either")
        XCTAssertEqual(check.information, "No foreign matter was detected in the waste.\n")
        let classify = try wasteGuard.analyse(box, mode: .classify, consent: consent)
        XCTAssertEqual(classify.information, "No objects were detected.\n")
    }

    func testInstalledHeadsJudgeAPhotoWithoutObjectsAsAWhole() throws {
        let store = ModelStore(dataDirectory: try TestEnvironment.temporaryDirectory(for: self))
        let organic = try trainHead(named: WholePhotoClassifiers.organicModelName, store: store, classes: [
            "organic": ["cabbage.jpg", "zucchini.jpg"],
            "non-organic": ["glass-bottle.jpg", "plastic-bag.jpg"],
        ])
        let materials = try trainHead(named: WholePhotoClassifiers.materialsModelName, store: store, classes: [
            "glass": ["glass-bottle.jpg", "beer-bottle.jpg"],
            "trash": ["plastic-bag.jpg", "cardboard-box.jpg"],
        ])
        let knowledge = try WasteKnowledge.bundled()
        let lite0Folder = store.modelsDirectory.appendingPathComponent("lite0")
        try FileManager.default.createSymbolicLink(at: lite0Folder, withDestinationURL: try TestEnvironment.lite0().directory)
        let selection = try WasteModelSelection.choose(in: store, knowledge: knowledge)
        XCTAssertEqual(selection.modelNames, ["lite0", "waste-organic", "waste-materials"])
        let overview = WasteObjectOverview(selection: selection, knowledge: knowledge, materials: try WasteMaterials.bundled())
        XCTAssertEqual(overview.heads.map(\.model), ["waste-organic", "waste-materials"])
        XCTAssertEqual(overview.heads.map { $0.labelNames.map { $0.text(in: .german) } }, [["kein Bioabfall", "Bioabfall"], ["Glas", "sonstiger Abfall"]],
                       "the heads' labels named in the reader's language")
        XCTAssertTrue(overview.text(in: .german, texts: knowledge.texts).contains("waste-materials (Glas, sonstiger Abfall)"))
        XCTAssertEqual(overview.recognisedClasses.count, 15, "heads never add to the classes ImageNet recognises")

        let wasteGuard = try self.wasteGuard(organicHead: organic, materialsHead: materials)
        let bottle = try wasteGuard.analyse(TestEnvironment.samplePhoto("glass-bottle.jpg"), mode: .check, consent: consent)
        XCTAssertTrue(bottle.items.isEmpty, "a soda bottle has no ImageNet counterpart among WasteGuard's classes")
        let verdict = try XCTUnwrap(bottle.verdict)
        XCTAssertEqual(verdict.isOrganic, false)
        XCTAssertEqual(verdict.organic?.model, "waste-organic")
        XCTAssertEqual(verdict.material?.label, "glass")
        let organicText = try XCTUnwrap(verdict.organic?.confidenceText)
        let materialText = try XCTUnwrap(verdict.material?.confidenceText)
        XCTAssertTrue(bottle.information.hasPrefix("No specific object was recognised. "
            + "The whole photo looks like non-organic waste (\(organicText)), most likely glass (\(materialText)).\n"),
                      "no \"No foreign matter was detected\" before a verdict of non-organic waste: \(bottle.information)")
        XCTAssertTrue(bottle.information.hasSuffix("Where it goes: \(try XCTUnwrap(bottle.verdictGuidance).bin.name.en).\n"),
                      bottle.information)

        let heads = try WholePhotoClassifiers(organic: ImageClassifier(model: organic), materials: ImageClassifier(model: materials))
        let cabbage = try XCTUnwrap(try heads.verdict(on: TestEnvironment.samplePhoto("cabbage.jpg")))
        XCTAssertEqual(cabbage.isOrganic, true)
        XCTAssertNil(cabbage.material, "materials describe non-organic waste only")

        let beer = try wasteGuard.analyse(fixture("beer-bottle.jpg"), mode: .classify, consent: consent)
        XCTAssertEqual(beer.items.map(\.object.wasteClass.label), ["glass"])
        let beerVerdict = try XCTUnwrap(beer.verdict, "an object was found, and the heads are still asked")
        XCTAssertTrue(beerVerdict.objectsFound)
        XCTAssertEqual(beerVerdict.isOrganic, false)
        XCTAssertTrue(beer.information.hasPrefix("Detected object: glass\nThe marked object is non-organic waste.\n"
            + beerVerdict.text(in: .english, materials: try WasteMaterials.bundled())), beer.information)
        XCTAssertTrue(beer.information.contains("most likely glass (\(try XCTUnwrap(beerVerdict.material?.confidenceText))).\n"),
                      beer.information)
    }

    func testAnOrganicHeadWithOtherLabelsIsRefused() throws {
        let imageNet = try ImageClassifier(model: TestEnvironment.lite0(), options: InferenceOptions(threads: 1))
        XCTAssertThrowsError(try WholePhotoClassifiers(organic: imageNet, materials: nil)) { error in
            XCTAssertTrue("\(error)".contains("'organic'"), "\(error)")
        }
    }

    /// Trains a lite0 head on sample and fixture photos and installs it in `store`.
    private func trainHead(named name: String, store: ModelStore, classes: [String: [String]]) throws -> InstalledModel {
        let folder = try TestEnvironment.temporaryDirectory(for: self)
        for (label, photos) in classes {
            let classFolder = folder.appendingPathComponent(label, isDirectory: true)
            try FileManager.default.createDirectory(at: classFolder, withIntermediateDirectories: true)
            for photo in photos {
                let source = Bundle.module.url(forResource: "Fixtures/\(photo)", withExtension: nil)
                    ?? TestRepository.sample(photo)
                try FileManager.default.copyItem(at: source, to: classFolder.appendingPathComponent(photo))
            }
        }
        let trainer = try ClassifierTrainer(backbone: TestEnvironment.lite0(), options: InferenceOptions(threads: 1))
        let trained = try trainer.train(LabelledImageFolder(scanning: folder),
                                        options: ClassifierTrainingOptions(validationFraction: 0))
        return try TrainedModelWriter.write(trained, name: name, to: store)
    }
}
