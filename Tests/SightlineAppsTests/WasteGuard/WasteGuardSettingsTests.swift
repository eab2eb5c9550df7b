// WasteGuardSettingsTests: WasteGuard's stored preferences on a real SQLite store — the
// municipality (Ulm / Alb-Donau until another is chosen; unknown ids refused) and the opt-in
// tally, which counts nothing until switched on and then only class labels.
import SightlineApps
import SightlineImaging
import SightlineStore
import SightlineVision
import XCTest

final class WasteGuardSettingsTests: XCTestCase {
    func testTheMunicipalityDefaultsToUlmAndCanBeChosen() throws {
        let knowledge = try WasteKnowledge.bundled()
        let settings = WasteGuardSettings(store: try TestEnvironment.store(for: self), knowledge: knowledge)
        XCTAssertEqual(try settings.municipality().id, "ulm-alb-donau")
        try settings.setMunicipality("berlin")
        XCTAssertEqual(try settings.municipality().id, "berlin")
        XCTAssertThrowsError(try settings.setMunicipality("atlantis")) { error in
            XCTAssertEqual(error as? WasteGuardError,
                           .unknownMunicipality(id: "atlantis", known: knowledge.municipalities.map(\.id)))
        }
        XCTAssertEqual(try settings.municipality().id, "berlin")
    }

    func testTheTallyCountsOnlyAfterOptingIn() throws {
        let knowledge = try WasteKnowledge.bundled()
        let store = try TestEnvironment.store(for: self)
        let settings = WasteGuardSettings(store: store, knowledge: knowledge)
        let tally = WasteTallyRecorder(settings: settings)
        let report = try self.report(["plastic bag", "apple", "plastic bag", "battery"], mode: .check, knowledge: knowledge)

        XCTAssertFalse(try settings.isTallyEnabled())
        XCTAssertFalse(try tally.record(report))
        XCTAssertEqual(try tally.counts(), [])

        try settings.setTallyEnabled(true)
        XCTAssertTrue(try tally.record(report))
        XCTAssertTrue(try tally.record(report))
        // Check mode reports the non-organic objects only; each reported object counts once.
        XCTAssertEqual(try tally.counts(), [WasteTallyEntry(label: "plastic bag", count: 4),
                                            WasteTallyEntry(label: "battery", count: 2)])
        XCTAssertFalse(try tally.record(self.report([], mode: .classify, knowledge: knowledge)))

        try settings.setTallyEnabled(false)
        XCTAssertFalse(try tally.record(report))
        XCTAssertEqual(try tally.counts().count, 2, "switching off keeps the counts")
        XCTAssertEqual(try tally.reset(), 2)
        XCTAssertEqual(try tally.counts(), [])
    }

    private func report(_ labels: [String], mode: WasteGuardMode, knowledge: WasteKnowledge) throws -> WasteReport {
        let size = ImageSize(width: 50, height: 50)
        let objects = try labels.map { label in
            WasteObject(wasteClass: try XCTUnwrap(knowledge.wasteClass(label: label)), confidence: 0.8,
                        boundingBox: PixelRect(x: 0, y: 0, width: 5, height: 5), imageSize: size, evidence: .detector(model: "test"))
        }
        return WasteReport(findings: WasteFindings(imageSize: size, objects: objects, verdict: nil), mode: mode,
                           language: .english, municipality: knowledge.defaultMunicipality, knowledge: knowledge,
                           materials: try WasteMaterials.bundled())
    }
}
