// DetectorWasteGuardTests: WasteGuard backed by an installed YOLO detector, end to end on the tiny
// model of WasteDetectorTestModel — the exact objects, boxes and confidences in both modes, the
// colours drawn, the information text, and how WasteGuard finds (or refuses) a detector in a
// model store and describes it in the object overview.
import Foundation
@testable import SightlineApps
import SightlineEngine
import SightlineImaging
import SightlineStore
import SightlineVision
import XCTest

final class DetectorWasteGuardTests: XCTestCase {
    /// A model store in a temporary folder with the test detector installed as `name`, with a
    /// manifest like the one `sightline models add` writes.
    private func storeWithDetector(name: String = "waste-yolo", labels: [String] = WasteDetectorTestModel.labels) throws -> ModelStore {
        let store = ModelStore(dataDirectory: try TestEnvironment.temporaryDirectory(for: self))
        let folder = store.modelsDirectory.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try WasteDetectorTestModel.write(to: folder.appendingPathComponent("model.onnx"))
        let side = WasteDetectorTestModel.side
        let manifest = ModelManifest(
            name: name, title: "test detector", task: .objectDetection, file: "model.onnx", sha256: "-",
            input: .init(name: "images", layout: .nchw, width: side, height: side, color: "RGB", resize: .none,
                         normalization: .init(mean: [0, 0, 0], std: [255, 255, 255])),
            outputs: [:], labels: labels, licence: "test",
            source: .init(package: "local file", version: "", file: "model.onnx", sha256: "-"), converter: "sightline models add")
        try JSONEncoder().encode(manifest).write(to: folder.appendingPathComponent(ModelStore.manifestFileName))
        return store
    }

    private func consent() async throws -> ConsentGrant {
        let knowledge = try WasteKnowledge.bundled()
        let consent = WasteGuardConsent(store: try TestEnvironment.store(for: self), texts: knowledge.texts)
        for document in ConsentDocument.allCases { try await consent.accept(document) }
        return try await consent.grant()
    }

    /// A 128×128 grey photo: letterboxed into 64×64 at half scale without padding, so every box
    /// is the table's box doubled.
    private let photo = RGBImage(width: 128, height: 128, color: RGBColor(red: 128, green: 128, blue: 128))

    func testClassifyModeReportsEveryDetectionWithItsBoxAndColour() async throws {
        let wasteGuard = try WasteGuard(store: storeWithDetector(), inferenceOptions: InferenceOptions(threads: 1))
        XCTAssertEqual(wasteGuard.selection?.modelNames, ["waste-yolo"])
        let report = try await wasteGuard.analyse(photo, mode: .classify, language: .english, consent: consent())
        XCTAssertEqual(report.items.map(\.object.wasteClass.label), ["plastic bag", "apple", "plastic bag", "battery"])
        XCTAssertEqual(report.items.map(\.displayName), ["plastic bag", "apple", "plastic bag", "battery"])
        XCTAssertEqual(report.items.map(\.object.confidenceText), ["87.3%", "75.0%", "64.0%", "60.0%"])
        XCTAssertEqual(report.items.map(\.role), [.nonOrganic, .organic, .nonOrganic, .nonOrganic])
        let boxes = report.items.map(\.object.boundingBox)
        let expected = [PixelRect(x: 30, y: 30, width: 20, height: 20), PixelRect(x: 68, y: 32, width: 24, height: 16),
                        PixelRect(x: 30, y: 80, width: 20, height: 20), PixelRect(x: 82, y: 82, width: 16, height: 16)]
        for (box, wanted) in zip(boxes, expected) {
            for (actual, target) in [(box.x, wanted.x), (box.y, wanted.y), (box.width, wanted.width), (box.height, wanted.height)] {
                XCTAssertEqual(actual, target, accuracy: 1e-3, "\(box) ≠ \(wanted)")
            }
        }
        XCTAssertEqual(report.items[0].object.evidence, .detector(model: "waste-yolo"))
        XCTAssertEqual(report.information,
                       "The following object (marked in green) is organic waste: apple\n"
                        + "The following objects (marked in red) are non-organic waste: plastic bag, battery\n")
        XCTAssertNil(report.verdict)
        XCTAssertEqual(report.items.first?.guidance?.bin.id, "gelbe-tonne")
        XCTAssertEqual(report.items.last?.guidance?.bin.id, "battery-collection")

        // Boxes are drawn in the role's colour: the left edge of the first plastic bag is red,
        // that of the apple green; the grey between them is untouched.
        let drawn = report.annotate(photo, font: try Font.standard())
        XCTAssertEqual(drawn[30, 45], AnnotationRole.nonOrganic.color)
        XCTAssertEqual(drawn[68, 44], AnnotationRole.organic.color)
        XCTAssertEqual(drawn[60, 120], RGBColor(red: 128, green: 128, blue: 128))
    }

    func testCheckModeKeepsOnlyForeignMatterInRed() async throws {
        let wasteGuard = try WasteGuard(store: storeWithDetector(), inferenceOptions: InferenceOptions(threads: 1))
        let report = try await wasteGuard.analyse(photo, mode: .check, language: .german, consent: consent())
        XCTAssertEqual(report.items.map(\.object.wasteClass.label), ["plastic bag", "plastic bag", "battery"])
        XCTAssertEqual(Set(report.items.map(\.role)), [.nonOrganic])
        XCTAssertEqual(report.information,
                       "Erkannte Objekte: Plastiktüte, Batterie\nBitte entfernen Sie alle markierten Objekte aus dem Biomüll.\n")
        let drawn = report.annotate(photo, font: try Font.standard())
        XCTAssertEqual(drawn[68, 44], RGBColor(red: 128, green: 128, blue: 128), "the apple is not marked in check mode")
        XCTAssertEqual(drawn[82, 90], AnnotationRole.nonOrganic.color)
    }

    func testTheOverviewListsExactlyTheDetectorsLabels() throws {
        let knowledge = try WasteKnowledge.bundled()
        let full = WasteObjectOverview(selection: try WasteModelSelection.choose(in: storeWithDetector(), knowledge: knowledge),
                                       knowledge: knowledge, materials: try WasteMaterials.bundled())
        XCTAssertEqual(full.recognisedClasses.count, 20, "the original's 20, not Sightline's additions")
        XCTAssertEqual(full.detectorModel, "waste-yolo")
        XCTAssertNil(full.imageNetModel)

        let subset = ["battery", "apple", "can"]
        let store = try storeWithDetector(name: "three-classes", labels: subset)
        let overview = WasteObjectOverview(selection: try WasteModelSelection.choose(in: store, knowledge: knowledge),
                                           knowledge: knowledge, materials: try WasteMaterials.bundled())
        XCTAssertEqual(overview.recognisedClasses.map(\.label), ["apple", "can", "battery"])
        XCTAssertEqual(overview.entries.filter { !$0.isRecognised }.count, 24)
        let text = overview.text(in: .english, texts: knowledge.texts)
        XCTAssertTrue(text.contains("It recognises 3 of the 27 objects."), text)
        XCTAssertTrue(text.contains("✓ battery (non-organic) — recognised by the waste detector"), text)
        XCTAssertTrue(text.contains("✗ egg shell (organic) — not recognised by the installed model"), text)
    }

    /// The labels the `waste-detector` built at set-up may have: thesis classes and Sightline's
    /// broader ones, in the trainer's order rather than WasteGuard's.
    func testTheShippedDetectorsLabelsAreAcceptedAndListed() throws {
        let knowledge = try WasteKnowledge.bundled()
        let labels = ["face mask", "can", "glass", "plastic bag", "battery", "apple", "orange", "egg", "plastic", "paper",
                      "metal", "electronics", "fruit", "vegetable", "bread"]
        let store = try storeWithDetector(name: "waste-detector", labels: labels)
        let model = try store.model("waste-detector")
        XCTAssertNil(WasteModelSelection.detectorProblem(model, knowledge: knowledge))
        let selection = try WasteModelSelection.choose(in: store, knowledge: knowledge)
        XCTAssertEqual(selection.modelNames, ["waste-detector"])
        let overview = WasteObjectOverview(selection: selection, knowledge: knowledge, materials: try WasteMaterials.bundled())
        XCTAssertEqual(overview.recognisedClasses.map(\.label), [
            "egg", "apple", "orange", "plastic bag", "glass", "face mask", "can", "battery",
            "plastic", "paper", "metal", "electronics", "fruit", "vegetable", "bread",
        ])
        XCTAssertEqual(overview.entries.count, knowledge.classes.count)
        let text = overview.text(in: .german, texts: knowledge.texts)
        XCTAssertTrue(text.contains("Er erkennt 15 der 27 Objekte."), text)
        XCTAssertTrue(text.contains("✓ Elektrogerät (kein Bioabfall) — vom Abfall-Detektor erkannt"), text)
        XCTAssertTrue(text.contains("✓ Brot (Bioabfall) — vom Abfall-Detektor erkannt"), text)
        XCTAssertTrue(text.contains("✗ Zigarette (kein Bioabfall) — vom installierten Modell nicht erkannt"), text)
    }

    func testADetectorWithOtherLabelsIsNotUsed() throws {
        let knowledge = try WasteKnowledge.bundled()
        var labels = WasteDetectorTestModel.labels
        labels[0] = "banana"
        let store = try storeWithDetector(name: "fruit", labels: labels)
        // Not chosen automatically (and without lite0 in this store, there is nothing to use) …
        XCTAssertThrowsError(try WasteModelSelection.choose(in: store, knowledge: knowledge)) { error in
            XCTAssertEqual(error as? WasteGuardError, .noModelInstalled(modelsDirectory: store.modelsDirectory.path))
        }
        // … and refused when named.
        XCTAssertThrowsError(try WasteModelSelection.choose(in: store, knowledge: knowledge, detectorName: "fruit")) { error in
            XCTAssertTrue("\(error)".contains("'banana'"), "\(error)")
        }
        let detector = try ObjectDetector(modelAt: store.modelsDirectory.appendingPathComponent("fruit/model.onnx"), labels: labels)
        let noHeads = ForeignMatterSearch(heads: try WholePhotoClassifiers(organic: nil, materials: nil), knowledge: knowledge,
                                          materials: try WasteMaterials.bundled())
        XCTAssertThrowsError(try DetectorWasteRecognizer(detector: detector, knowledge: knowledge, search: noHeads))
    }

    func testWithoutADetectorTheImageNetRouteIsChosenWithItsHeads() throws {
        let knowledge = try WasteKnowledge.bundled()
        let lite0 = try TestEnvironment.lite0()
        let store = ModelStore(dataDirectory: try TestEnvironment.temporaryDirectory(for: self))
        let folder = store.modelsDirectory.appendingPathComponent("lite0", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: lite0.manifestURL, to: folder.appendingPathComponent(ModelStore.manifestFileName))
        let selection = try WasteModelSelection.choose(in: store, knowledge: knowledge)
        guard case .imageNet(let classifier, nil, nil) = selection else { return XCTFail("\(selection)") }
        XCTAssertEqual(classifier.name, "lite0")
        let overview = WasteObjectOverview(selection: selection, knowledge: knowledge, materials: try WasteMaterials.bundled())
        XCTAssertEqual(overview.recognisedClasses.map(\.label),
                       ["feather", "flower", "kitchen paper", "apple", "orange", "plastic bag", "glass", "ceramic",
                        "plastic", "paper", "metal", "electronics", "fruit", "vegetable", "bread"])
        XCTAssertEqual(overview.entries.first { $0.wasteClass.label == "apple" }?.basis,
                       .imageNet(model: "lite0", classes: ["Granny Smith apple"]))
        XCTAssertTrue(overview.heads.isEmpty)
        let text = overview.text(in: .german, texts: knowledge.texts)
        XCTAssertTrue(text.contains("Es erkennt 15 der 27 Objekte"), text)
        XCTAssertTrue(text.contains("Es sind keine Klassifikatoren für das ganze Foto installiert"), text)
    }
}
