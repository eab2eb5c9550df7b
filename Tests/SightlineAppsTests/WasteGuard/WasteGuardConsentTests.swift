// WasteGuardConsentTests: the consent gate on a real SQLite store — nothing is granted until the
// privacy policy, the disclaimer and the terms are each accepted; a changed document must be
// accepted again; withdrawing closes the gate; the acceptances survive reopening the store.
import Foundation
import SightlineApps
import SightlineStore
import SightlineTestSupport
import XCTest

final class WasteGuardConsentTests: XCTestCase {
    func testEachDocumentMustBeAcceptedSeparately() async throws {
        let texts = try WasteKnowledge.bundled().texts
        let directory = try TestEnvironment.temporaryDirectory(for: self)
        let consent = WasteGuardConsent(store: try SQLiteStore(directory: directory), texts: texts)
        await assertThrowsAsync(try await consent.grant()) { error in
            XCTAssertEqual(error as? WasteGuardError, .consentRequired(missing: [.privacy, .disclaimer, .terms]))
        }
        try await consent.accept(.privacy)
        try await consent.accept(.terms)
        await assertThrowsAsync(try await consent.grant()) { error in
            XCTAssertEqual(error as? WasteGuardError, .consentRequired(missing: [.disclaimer]))
        }
        let value3 = try await consent.status().map(\.state)
        XCTAssertEqual(value3, [.accepted, .notAccepted, .accepted])
        let acceptedAt = Date(timeIntervalSinceNow: 60)
        try await consent.accept(.disclaimer, at: acceptedAt)
        let value4 = try await consent.grant().acceptedAt
        XCTAssertEqual(value4, acceptedAt, "the grant dates from the last acceptance")

        // Stored in the file: a new store on the same folder still has them.
        let reopened = WasteGuardConsent(store: try SQLiteStore(directory: directory), texts: texts)
        let value5 = try await reopened.missing()
        XCTAssertEqual(value5, [])
        let records = try SQLiteStore(directory: directory).consent.acceptances(app: WasteGuardConsent.app)
        XCTAssertEqual(Set(records.map(\.document)), ["privacy", "disclaimer", "terms"])
        XCTAssertEqual(records.first { $0.document == "privacy" }?.version, consent.version(of: .privacy))

        try await reopened.withdraw(.terms)
        let value6 = try await reopened.missing()
        XCTAssertEqual(value6, [.terms])
        try await reopened.withdraw()
        let value7 = try await reopened.missing()
        XCTAssertEqual(value7, [.privacy, .disclaimer, .terms])
    }

    func testAChangedDocumentMustBeAcceptedAgain() async throws {
        let texts = try WasteKnowledge.bundled().texts
        let store = try TestEnvironment.store(for: self)
        let consent = WasteGuardConsent(store: store, texts: texts)
        for document in ConsentDocument.allCases { try await consent.accept(document) }
        await assertNoThrowAsync(try await consent.grant())

        var changed = texts
        changed.consent.privacy.body.de = (changed.consent.privacy.body.de ?? "") + " Neu."
        let afterChange = WasteGuardConsent(store: store, texts: changed)
        XCTAssertNotEqual(afterChange.version(of: .privacy), consent.version(of: .privacy))
        XCTAssertEqual(afterChange.version(of: .terms), consent.version(of: .terms))
        let value2 = try await afterChange.status().map(\.state)
        XCTAssertEqual(value2, [.outdated, .accepted, .accepted])
        await assertThrowsAsync(try await afterChange.grant()) { error in
            XCTAssertEqual(error as? WasteGuardError, .consentRequired(missing: [.privacy]))
        }
        try await afterChange.accept(.privacy)
        await assertNoThrowAsync(try await afterChange.grant())
    }

    func testVersionsAreStableFingerprints() throws {
        let texts = try WasteKnowledge.bundled().texts
        let consent = WasteGuardConsent(store: try TestEnvironment.store(for: self), texts: texts)
        let versions = ConsentDocument.allCases.map(consent.version(of:))
        XCTAssertEqual(Set(versions).count, 3)
        XCTAssertTrue(versions.allSatisfy { $0.count == 12 && $0.allSatisfy(\.isHexDigit) }, "\(versions)")
        XCTAssertEqual(versions, ConsentDocument.allCases.map(consent.version(of:)))
    }
}
