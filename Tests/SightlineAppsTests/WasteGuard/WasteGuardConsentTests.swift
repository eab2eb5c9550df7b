// WasteGuardConsentTests: the consent gate on a real SQLite store — nothing is granted until the
// privacy policy, the disclaimer and the terms are each accepted; a changed document must be
// accepted again; withdrawing closes the gate; the acceptances survive reopening the store.
import Foundation
import SightlineApps
import SightlineStore
import XCTest

final class WasteGuardConsentTests: XCTestCase {
    func testEachDocumentMustBeAcceptedSeparately() throws {
        let texts = try WasteKnowledge.bundled().texts
        let directory = try TestEnvironment.temporaryDirectory(for: self)
        let consent = WasteGuardConsent(store: try Store(directory: directory), texts: texts)
        XCTAssertThrowsError(try consent.grant()) { error in
            XCTAssertEqual(error as? WasteGuardError, .consentRequired(missing: [.privacy, .disclaimer, .terms]))
        }
        try consent.accept(.privacy)
        try consent.accept(.terms)
        XCTAssertThrowsError(try consent.grant()) { error in
            XCTAssertEqual(error as? WasteGuardError, .consentRequired(missing: [.disclaimer]))
        }
        XCTAssertEqual(try consent.status().map(\.state), [.accepted, .notAccepted, .accepted])
        let acceptedAt = Date(timeIntervalSinceNow: 60)
        try consent.accept(.disclaimer, at: acceptedAt)
        XCTAssertEqual(try consent.grant().acceptedAt, acceptedAt, "the grant dates from the last acceptance")

        // Stored in the file: a new store on the same folder still has them.
        let reopened = WasteGuardConsent(store: try Store(directory: directory), texts: texts)
        XCTAssertEqual(try reopened.missing(), [])
        let records = try Store(directory: directory).consent.acceptances(app: WasteGuardConsent.app)
        XCTAssertEqual(Set(records.map(\.document)), ["privacy", "disclaimer", "terms"])
        XCTAssertEqual(records.first { $0.document == "privacy" }?.version, consent.version(of: .privacy))

        try reopened.withdraw(.terms)
        XCTAssertEqual(try reopened.missing(), [.terms])
        try reopened.withdraw()
        XCTAssertEqual(try reopened.missing(), [.privacy, .disclaimer, .terms])
    }

    func testAChangedDocumentMustBeAcceptedAgain() throws {
        let texts = try WasteKnowledge.bundled().texts
        let store = try TestEnvironment.store(for: self)
        let consent = WasteGuardConsent(store: store, texts: texts)
        for document in ConsentDocument.allCases { try consent.accept(document) }
        XCTAssertNoThrow(try consent.grant())

        var changed = texts
        changed.consent.privacy.body.de = (changed.consent.privacy.body.de ?? "") + " Neu."
        let afterChange = WasteGuardConsent(store: store, texts: changed)
        XCTAssertNotEqual(afterChange.version(of: .privacy), consent.version(of: .privacy))
        XCTAssertEqual(afterChange.version(of: .terms), consent.version(of: .terms))
        XCTAssertEqual(try afterChange.status().map(\.state), [.outdated, .accepted, .accepted])
        XCTAssertThrowsError(try afterChange.grant()) { error in
            XCTAssertEqual(error as? WasteGuardError, .consentRequired(missing: [.privacy]))
        }
        try afterChange.accept(.privacy)
        XCTAssertNoThrow(try afterChange.grant())
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
