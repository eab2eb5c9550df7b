// ForeignObjectVerifierTests: WasteGuard's box verifier on real photos (Fixtures/, see
// LICENSES.md) with the installed waste-verifier, waste-detector and heads (trained at set-up):
// it keeps a pasted can and bottle and turns down boxes of cabbage leaves; the detector's
// recogniser drops the foreign boxes it turns down and the organic boxes under the unverified
// threshold, and records its judgement on the boxes it keeps; end to end, the shipped detector
// boxes the can among courgettes with the verifier's judgement and leaves clean cabbages clean.
import Foundation
@testable import SightlineApps
import SightlineImaging
import SightlineTestSupport
import SightlineVision
import XCTest

final class ForeignObjectVerifierTests: XCTestCase {
    private let consent = ConsentGrant(acceptedAt: Date())
    private let canAmongCourgettes = WasteFixtures.canAmongCourgettes
    private let canAmongCabbages = WasteFixtures.canAmongCabbages
    private let bottleAmongCabbages = WasteFixtures.bottleAmongCabbages
    /// Squares of cabbage leaves in cabbages.jpg.
    private let cabbageLeaves = [PixelRect(x: 40, y: 40, width: 90, height: 90), PixelRect(x: 150, y: 120, width: 100, height: 80)]

    private func fixture(_ name: String) throws -> RGBImage {
        try WasteFixtures.photo(name)
    }

    private func verifier() throws -> ForeignObjectVerifier {
        try ForeignObjectVerifier(classifier: ImageClassifier(model: TestEnvironment.installedModel(ForeignObjectVerifier.modelName)))
    }

    func testTheVerifierKeepsPastedObjectsAndTurnsDownCabbageLeaves() throws {
        let verifier = try verifier()
        let foreign = try verifier.foreignProbabilities(of: [canAmongCabbages, bottleAmongCabbages],
                                                        in: fixture("can-and-bottle-on-cabbages.jpg"))
            + verifier.foreignProbabilities(of: [canAmongCourgettes], in: fixture("can-on-courgettes.jpg"))
        XCTAssertEqual(foreign.count, 3)
        for probability in foreign { XCTAssertGreaterThanOrEqual(probability, ForeignObjectVerifier.acceptance, "\(foreign)") }
        let leaves = try verifier.foreignProbabilities(of: cabbageLeaves, in: fixture("cabbages.jpg"))
        XCTAssertEqual(leaves.count, 2)
        for probability in leaves { XCTAssertLessThan(probability, ForeignObjectVerifier.acceptance, "\(leaves)") }
        XCTAssertEqual(try verifier.foreignProbabilities(of: [], in: fixture("cabbages.jpg")), [])
    }

    func testAClassifierWithOtherLabelsIsRefused() throws {
        let organic = try ImageClassifier(model: TestEnvironment.installedModel(WholePhotoClassifiers.organicModelName))
        XCTAssertThrowsError(try ForeignObjectVerifier(classifier: organic)) { error in
            XCTAssertTrue("\(error)".contains("foreign"), "\(error)")
        }
    }

    func testTheRecogniserDropsWhatTheVerifierTurnsDownAndWeakOrganicBoxes() throws {
        let knowledge = try WasteKnowledge.bundled()
        let materials = try WasteMaterials.bundled()
        let detector = try ObjectDetector(model: TestEnvironment.installedModel("waste-detector"),
                                          options: ObjectDetectionOptions(confidenceThreshold: DetectorWasteRecognizer.verifiedDetectorThreshold))
        let search = ForeignMatterSearch(heads: try WholePhotoClassifiers(organic: nil, materials: nil), knowledge: knowledge, materials: materials)
        let recognizer = try DetectorWasteRecognizer(detector: detector, verifier: verifier(),
                                                     organicThreshold: DetectorWasteRecognizer.trainedDetectorThreshold,
                                                     knowledge: knowledge, search: search)
        let size = ImageSize(width: 300, height: 300)
        func object(_ label: String, _ confidence: Double, _ box: PixelRect) throws -> WasteObject {
            WasteObject(wasteClass: try XCTUnwrap(knowledge.wasteClass(label: label)), confidence: confidence, boundingBox: box,
                        imageSize: size, evidence: .detector(model: "waste-detector"))
        }
        let can = try object("metal", 0.45, canAmongCabbages)
        let leaves = try object("paper", 0.45, PixelRect(x: 150, y: 20, width: 100, height: 80))
        let weakVegetable = try object("vegetable", 0.45, PixelRect(x: 150, y: 20, width: 100, height: 80))
        let vegetable = try object("vegetable", 0.6, PixelRect(x: 20, y: 160, width: 100, height: 100))
        let kept = try recognizer.verified([can, leaves, weakVegetable, vegetable], in: fixture("can-and-bottle-on-cabbages.jpg"))
        XCTAssertEqual(kept.map(\.wasteClass.label), ["metal", "vegetable"], "\(kept)")
        guard case let .detector(model, verification) = kept[0].evidence, let verification else {
            return XCTFail("\(kept[0].evidence)")
        }
        XCTAssertEqual(model, "waste-detector")
        XCTAssertEqual(verification.label, ForeignObjectVerifier.foreignLabel)
        XCTAssertEqual(verification.model, ForeignObjectVerifier.modelName)
        XCTAssertGreaterThanOrEqual(verification.confidence, ForeignObjectVerifier.acceptance)
        XCTAssertEqual(kept[1], vegetable, "an organic box is not verified")
    }

    func testTheShippedDetectorBoxesTheCanAndLeavesCabbagesClean() throws {
        try TestRequirement.installedModels("lite0", "lite2", "waste-detector", "waste-verifier", "waste-organic", "waste-materials")
        let wasteGuard = try WasteGuard(store: ModelStore())
        guard case .detector(let model, _, _, let verifierModel)? = wasteGuard.selection else {
            return XCTFail("the shipped detector is installed: \(String(describing: wasteGuard.selection))")
        }
        XCTAssertEqual(model.name, "waste-detector")
        XCTAssertEqual(verifierModel?.name, ForeignObjectVerifier.modelName)
        XCTAssertEqual(wasteGuard.selection?.modelNames.prefix(2), ["waste-detector", "waste-verifier"])

        let can = try wasteGuard.analyse(fixture("can-on-courgettes.jpg"), mode: .check, consent: consent)
        let boxed = try XCTUnwrap(can.items.first { $0.object.boundingBox.intersectionOverUnion(with: canAmongCourgettes) >= 0.3 },
                                  "\(can.items.map(\.object))")
        XCTAssertFalse(boxed.object.isOrganic)
        guard case .detector(_, let verification?) = boxed.object.evidence else { return XCTFail("\(boxed.object.evidence)") }
        XCTAssertGreaterThanOrEqual(verification.confidence, ForeignObjectVerifier.acceptance)

        let clean = try wasteGuard.analyse(fixture("cabbages.jpg"), mode: .check, consent: consent)
        XCTAssertTrue(clean.items.isEmpty, "\(clean.items.map(\.object))")
        XCTAssertEqual(clean.information, "No foreign matter was detected in the waste.\n")
    }
}
