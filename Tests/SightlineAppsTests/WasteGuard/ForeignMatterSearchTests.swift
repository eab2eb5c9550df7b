// ForeignMatterSearchTests: an organic finding never ends the check — on real photos (Fixtures/,
// see LICENSES.md) with the installed lite0 and whole-photo heads: a can among courgettes is
// boxed and named although lite0 finds the courgettes, a can and a bottle among cabbages are two
// boxes with the original's plural text, clean cabbages stay "No foreign matter was detected in
// the waste."; a detector box called organic that the heads call metal is overruled, and a box
// calling the whole photo organic does not stop the search. Then the search's geometry.
import Foundation
@testable import SightlineApps
import SightlineImaging
import SightlineVision
import XCTest

final class ForeignMatterSearchTests: XCTestCase {
    private let consent = ConsentGrant(acceptedAt: Date())
    private let canAmongCourgettes = WasteFixtures.canAmongCourgettes
    private let canAmongCabbages = WasteFixtures.canAmongCabbages
    private let bottleAmongCabbages = WasteFixtures.bottleAmongCabbages

    private func fixture(_ name: String) throws -> RGBImage {
        try WasteFixtures.photo(name)
    }

    /// WasteGuard on the ImageNet route with the installed heads.
    private func wasteGuard() throws -> WasteGuard {
        let knowledge = try WasteKnowledge.bundled()
        let materials = try WasteMaterials.bundled()
        let selection = WasteModelSelection.imageNet(
            classifier: try TestEnvironment.lite0(),
            organicHead: try TestEnvironment.installedModel(WholePhotoClassifiers.organicModelName),
            materialsHead: try TestEnvironment.installedModel(WholePhotoClassifiers.materialsModelName))
        return WasteGuard(recognizer: try WasteRecognizer.load(selection, knowledge: knowledge, materials: materials),
                          knowledge: knowledge, materials: materials, selection: selection)
    }

    /// The search with the installed heads.
    private func search() throws -> ForeignMatterSearch {
        let heads = try WholePhotoClassifiers(
            organic: ImageClassifier(model: TestEnvironment.installedModel(WholePhotoClassifiers.organicModelName)),
            materials: ImageClassifier(model: TestEnvironment.installedModel(WholePhotoClassifiers.materialsModelName)))
        return ForeignMatterSearch(heads: heads, knowledge: try WasteKnowledge.bundled(), materials: try WasteMaterials.bundled())
    }

    /// A detector's object of class `label` in `box` of a 300×300 photo.
    private func detected(_ label: String, _ box: PixelRect) throws -> WasteObject {
        WasteObject(wasteClass: try XCTUnwrap(try WasteKnowledge.bundled().wasteClass(label: label)), confidence: 0.8,
                    boundingBox: box, imageSize: ImageSize(width: 300, height: 300), evidence: .detector(model: "test"))
    }

    // MARK: Real photos

    func testACanAmongCourgettesIsBoxedAndNamedThoughTheCourgettesAreFound() throws {
        let wasteGuard = try wasteGuard()
        let photo = try fixture("can-on-courgettes.jpg")
        let classify = try wasteGuard.analyse(photo, mode: .classify, consent: consent)
        let vegetable = try XCTUnwrap(classify.items.first { $0.object.wasteClass.label == "vegetable" }, "lite0 finds the courgettes")
        guard case .imageNet = vegetable.object.evidence else { return XCTFail("\(vegetable.object.evidence)") }
        let can = try XCTUnwrap(classify.items.first { !$0.object.isOrganic }, "the organic courgettes do not end the search")
        XCTAssertEqual(can.object.wasteClass.label, "metal")
        XCTAssertGreaterThanOrEqual(can.object.confidence, ForeignMatterSearch.foreignConfidence)
        XCTAssertGreaterThanOrEqual(can.object.boundingBox.intersectionOverUnion(with: canAmongCourgettes), 0.3, "\(can.object.boundingBox)")
        guard case let .heads(organic, material, overrules) = can.object.evidence else { return XCTFail("\(can.object.evidence)") }
        XCTAssertEqual(organic.label, PhotoVerdict.nonOrganicLabel)
        XCTAssertEqual(organic.model, WholePhotoClassifiers.organicModelName)
        XCTAssertEqual(material.label, "metal")
        XCTAssertNil(overrules, "the can was in no box of lite0's")
        XCTAssertEqual(classify.information, "The following object (marked in green) is organic waste: vegetable\n"
            + "The following object (marked in red) is non-organic waste: metal\n")

        let check = try wasteGuard.analyse(photo, mode: .check, language: .german, consent: consent)
        XCTAssertEqual(check.items.map(\.object.wasteClass.label), ["metal"])
        XCTAssertEqual(check.items.map(\.role), [.nonOrganic])
        XCTAssertEqual(check.information, "Erkanntes Objekt: Metall\nBitte entfernen Sie das markierte Objekt aus dem Biomüll.\n")
        XCTAssertEqual(check.items.first?.guidance?.bin.id, "gelbe-tonne")
    }

    func testACanAndABottleAreTwoBoxesWithThePluralText() throws {
        let check = try wasteGuard().analyse(fixture("can-and-bottle-on-cabbages.jpg"), mode: .check, consent: consent)
        XCTAssertEqual(check.items.count, 2, "\(check.items.map(\.object))")
        let can = try XCTUnwrap(check.items.first { $0.object.wasteClass.label == "metal" })
        let bottle = try XCTUnwrap(check.items.first { $0.object.wasteClass.label == "glass" })
        XCTAssertGreaterThanOrEqual(can.object.boundingBox.intersectionOverUnion(with: canAmongCabbages), 0.3)
        XCTAssertGreaterThanOrEqual(bottle.object.boundingBox.intersectionOverUnion(with: bottleAmongCabbages), 0.3)
        let names = check.items.map(\.displayName).joined(separator: ", ")
        XCTAssertEqual(check.information, "Detected objects: \(names)\nPlease remove all marked objects from organic waste.\n")
    }

    func testCleanCabbagesAreNoForeignMatter() throws {
        let wasteGuard = try wasteGuard()
        let photo = try fixture("cabbages.jpg")
        let check = try wasteGuard.analyse(photo, mode: .check, consent: consent)
        XCTAssertTrue(check.items.isEmpty, "\(check.items.map(\.object))")
        XCTAssertEqual(check.verdict?.isOrganic, true, "the heads judged the photo")
        XCTAssertEqual(check.information, "No foreign matter was detected in the waste.\n")
        let classify = try wasteGuard.analyse(photo, mode: .classify, consent: consent)
        XCTAssertEqual(classify.information, "Detected object: vegetable\nThe marked object is organic waste.\n")
    }

    func testAnOrganicBoxOverTheWholePhotoDoesNotEndTheSearch() throws {
        let everything = try detected("vegetable", PixelRect(x: 0, y: 0, width: 300, height: 300))
        let findings = try search().findings(for: [everything], in: fixture("can-on-courgettes.jpg"))
        XCTAssertTrue(findings.objects.contains(everything), "the box is judged organic and kept")
        let can = try XCTUnwrap(findings.objects.first { !$0.isOrganic })
        XCTAssertEqual(can.wasteClass.label, "metal")
        XCTAssertGreaterThanOrEqual(can.boundingBox.intersectionOverUnion(with: canAmongCourgettes), 0.3)
    }

    func testTheHeadsOverruleAnOrganicBoxAroundTheCan() throws {
        let findings = try search().findings(for: [try detected("fruit", canAmongCourgettes)], in: fixture("can-on-courgettes.jpg"))
        XCTAssertEqual(findings.objects.count, 1, "the window search finds the can again and drops it: \(findings.objects)")
        let can = try XCTUnwrap(findings.objects.first)
        XCTAssertEqual(can.wasteClass.label, "metal")
        XCTAssertEqual(can.boundingBox, canAmongCourgettes, "the detector's box is kept")
        guard case let .heads(_, _, overrules) = can.evidence else { return XCTFail("\(can.evidence)") }
        XCTAssertEqual(overrules, "fruit")
    }

    func testWithoutHeadsTheRecognisersObjectsStandAlone() throws {
        let search = ForeignMatterSearch(heads: try WholePhotoClassifiers(organic: nil, materials: nil),
                                         knowledge: try WasteKnowledge.bundled(), materials: try WasteMaterials.bundled())
        let fruit = try detected("fruit", canAmongCourgettes)
        let findings = try search.findings(for: [fruit], in: fixture("can-on-courgettes.jpg"))
        XCTAssertEqual(findings.objects, [fruit])
        XCTAssertNil(findings.verdict)
    }

    // MARK: Geometry

    func testWindowsTileThePhotoHalfAWindowApart() {
        let windows = ForeignMatterSearch.windows(in: ImageSize(width: 320, height: 240), side: 0.5)
        XCTAssertEqual(Set(windows.map(\.width)), [120])
        XCTAssertEqual(Set(windows.map(\.height)), [120])
        XCTAssertEqual(Set(windows.map(\.x)), [0, 50, 100, 150, 200])
        XCTAssertEqual(Set(windows.map(\.y)), [0, 60, 120])
        XCTAssertEqual(windows.count, 15)
        XCTAssertEqual(ForeignMatterSearch.windows(in: ImageSize(width: 100, height: 100), side: 1),
                       [ImageRect(x: 0, y: 0, width: 100, height: 100)])
    }

    func testOverlapIsMeasuredAgainstTheSmallerBox() {
        let large = PixelRect(x: 0, y: 0, width: 100, height: 100)
        XCTAssertEqual(ForeignMatterSearch.overlapShare(large, PixelRect(x: 10, y: 10, width: 20, height: 20)), 1)
        XCTAssertEqual(ForeignMatterSearch.overlapShare(PixelRect(x: 50, y: 0, width: 100, height: 100), large), 0.5)
        XCTAssertEqual(ForeignMatterSearch.overlapShare(large, PixelRect(x: 100, y: 0, width: 10, height: 10)), 0)
    }

    func testABoxIsCutOutWithItsMarginInsideThePhoto() {
        let photo = RGBImage(width: 200, height: 100, color: RGBColor(red: 1, green: 2, blue: 3))
        XCTAssertEqual(ForeignMatterSearch.crop(PixelRect(x: 50, y: 20, width: 100, height: 50), margin: 0.1, of: photo).size,
                       ImageSize(width: 120, height: 60))
        XCTAssertEqual(ForeignMatterSearch.crop(PixelRect(x: 0, y: 0, width: 200, height: 100), margin: 0.1, of: photo).size,
                       photo.size, "clipped to the photo")
        let large = RGBImage(width: 2000, height: 1000, color: RGBColor(red: 1, green: 2, blue: 3))
        let crop = ForeignMatterSearch.crop(PixelRect(x: 0, y: 0, width: 2000, height: 1000), margin: 0, of: large)
        XCTAssertEqual(max(crop.width, crop.height), ForeignMatterSearch.cropLimit)
    }
}
