// WasteGuardSettingsTests: WasteGuard's stored preferences on a real SQLite store — the
// municipality (Ulm / Alb-Donau until another is chosen; unknown ids refused) and the opt-in
// tally, which counts nothing until switched on and then only class labels.
import SightlineApps
import SightlineImaging
import SightlineStore
import SightlineVision
import SightlineTestSupport
import XCTest

final class WasteGuardSettingsTests: XCTestCase {
    func testTheMunicipalityDefaultsToUlmAndCanBeChosen() async throws {
        let knowledge = try WasteKnowledge.bundled()
        let settings = WasteGuardSettings(store: try TestEnvironment.store(for: self), knowledge: knowledge)
        let value1 = try await settings.municipality().id
        XCTAssertEqual(value1, "ulm-alb-donau")
        try await settings.setMunicipality("berlin")
        let value2 = try await settings.municipality().id
        XCTAssertEqual(value2, "berlin")
        await assertThrowsAsync(try await settings.setMunicipality("atlantis")) { error in
            XCTAssertEqual(error as? WasteGuardError,
                           .unknownMunicipality(id: "atlantis", known: knowledge.municipalities.map(\.id)))
        }
        let value4 = try await settings.municipality().id
        XCTAssertEqual(value4, "berlin")
    }

    func testTheTallyCountsOnlyAfterOptingIn() async throws {
        let knowledge = try WasteKnowledge.bundled()
        let store = try TestEnvironment.store(for: self)
        let settings = WasteGuardSettings(store: store, knowledge: knowledge)
        let tally = WasteTallyRecorder(settings: settings)
        let report = try self.report(["plastic bag", "apple", "plastic bag", "battery"], mode: .check, knowledge: knowledge)

        let value1 = try await settings.isTallyEnabled()
        XCTAssertFalse(value1)
        let value2 = try await tally.record(report)
        XCTAssertFalse(value2)
        let value3 = try await tally.counts()
        XCTAssertEqual(value3, [])

        try await settings.setTallyEnabled(true)
        let value4 = try await tally.record(report)
        XCTAssertTrue(value4)
        let value5 = try await tally.record(report)
        XCTAssertTrue(value5)
        // Check mode reports the non-organic objects only; each reported object counts once.
        let value6 = try await tally.counts()
        XCTAssertEqual(value6, [WasteTallyEntry(label: "plastic bag", count: 4),
                                            WasteTallyEntry(label: "battery", count: 2)])
        let value7 = try await tally.record(self.report([], mode: .classify, knowledge: knowledge))
        XCTAssertFalse(value7)

        try await settings.setTallyEnabled(false)
        let value8 = try await tally.record(report)
        XCTAssertFalse(value8)
        let value9 = try await tally.counts().count
        XCTAssertEqual(value9, 2, "switching off keeps the counts")
        let value10 = try await tally.reset()
        XCTAssertEqual(value10, 2)
        let value11 = try await tally.counts()
        XCTAssertEqual(value11, [])
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
