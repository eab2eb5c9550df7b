// ConsentTests: accepting each document separately, versions that must match exactly,
// withdrawing one or all, and apps kept apart.
import Foundation
import SightlineStore
import XCTest

final class ConsentTests: StoreTestCase {
    let required = ["privacy": "2", "disclaimer": "1", "terms": "1"]

    func testAllRequiredDocumentsMustBeAcceptedAtTheirVersion() throws {
        let store = try openStore()
        XCTAssertFalse(try store.consent.hasAccepted(app: "wasteguard", required: required))
        try store.consent.accept(app: "wasteguard", document: "privacy", version: "2")
        try store.consent.accept(app: "wasteguard", document: "disclaimer", version: "1")
        XCTAssertFalse(try store.consent.hasAccepted(app: "wasteguard", required: required))
        try store.consent.accept(app: "wasteguard", document: "terms", version: "1")
        XCTAssertTrue(try store.consent.hasAccepted(app: "wasteguard", required: required))
        XCTAssertTrue(try store.consent.hasAccepted(app: "wasteguard", required: [:]))
        XCTAssertFalse(try store.consent.hasAccepted(app: "kitchen", required: ["terms": "1"]))
    }

    func testAChangedDocumentMustBeAcceptedAgain() throws {
        let store = try openStore()
        let date = Date(timeIntervalSinceReferenceDate: 800_000_000)
        for (document, version) in required {
            try store.consent.accept(app: "wasteguard", document: document, version: version, at: date)
        }
        XCTAssertFalse(try store.consent.hasAccepted(app: "wasteguard", required: ["privacy": "3"]))
        try store.consent.accept(app: "wasteguard", document: "privacy", version: "3", at: date + 60)
        XCTAssertTrue(try store.consent.hasAccepted(app: "wasteguard", required: ["privacy": "3"]))
        XCTAssertFalse(try store.consent.hasAccepted(app: "wasteguard", required: required))

        let acceptances = try store.consent.acceptances(app: "wasteguard")
        XCTAssertEqual(acceptances.map(\.document), ["disclaimer", "privacy", "terms"])
        XCTAssertEqual(acceptances[1], ConsentRecord(app: "wasteguard", document: "privacy", version: "3",
                                                     acceptedAt: date + 60))
    }

    func testWithdrawOneOrAll() throws {
        let store = try openStore()
        for (document, version) in required {
            try store.consent.accept(app: "wasteguard", document: document, version: version)
        }
        try store.consent.accept(app: "kitchen", document: "terms", version: "1")

        XCTAssertEqual(try store.consent.withdraw(app: "wasteguard", document: "terms"), 1)
        XCTAssertFalse(try store.consent.hasAccepted(app: "wasteguard", required: required))
        XCTAssertEqual(try store.consent.withdraw(app: "wasteguard"), 2)
        XCTAssertEqual(try store.consent.acceptances(app: "wasteguard"), [])
        XCTAssertEqual(try store.consent.acceptances(app: "kitchen").count, 1)
        XCTAssertEqual(try store.consent.withdraw(app: "wasteguard"), 0)
    }

    func testEmptyVersionIsRefused() throws {
        let store = try openStore()
        XCTAssertThrowsError(try store.consent.accept(app: "wasteguard", document: "terms", version: ""))
    }
}
