// ConsentTests: accepting each document separately, versions that must match exactly,
// withdrawing one or all, and apps kept apart.
import Foundation
import SightlineStore
import XCTest

final class ConsentTests: StoreTestCase {
    let required = ["privacy": "2", "disclaimer": "1", "terms": "1"]

    func testAllRequiredDocumentsMustBeAcceptedAtTheirVersion() async throws {
        let store = try openStore()
        let value1 = try await store.consent.hasAccepted(app: "wasteguard", required: required)
        XCTAssertFalse(value1)
        try store.consent.accept(app: "wasteguard", document: "privacy", version: "2")
        try store.consent.accept(app: "wasteguard", document: "disclaimer", version: "1")
        let value2 = try await store.consent.hasAccepted(app: "wasteguard", required: required)
        XCTAssertFalse(value2)
        try store.consent.accept(app: "wasteguard", document: "terms", version: "1")
        let value3 = try await store.consent.hasAccepted(app: "wasteguard", required: required)
        XCTAssertTrue(value3)
        let value4 = try await store.consent.hasAccepted(app: "wasteguard", required: [:])
        XCTAssertTrue(value4)
        let value5 = try await store.consent.hasAccepted(app: "kitchen", required: ["terms": "1"])
        XCTAssertFalse(value5)
    }

    func testAChangedDocumentMustBeAcceptedAgain() async throws {
        let store = try openStore()
        let date = Date(timeIntervalSinceReferenceDate: 800_000_000)
        for (document, version) in required {
            try store.consent.accept(app: "wasteguard", document: document, version: version, at: date)
        }
        let value1 = try await store.consent.hasAccepted(app: "wasteguard", required: ["privacy": "3"])
        XCTAssertFalse(value1)
        try store.consent.accept(app: "wasteguard", document: "privacy", version: "3", at: date + 60)
        let value2 = try await store.consent.hasAccepted(app: "wasteguard", required: ["privacy": "3"])
        XCTAssertTrue(value2)
        let value3 = try await store.consent.hasAccepted(app: "wasteguard", required: required)
        XCTAssertFalse(value3)

        let acceptances = try store.consent.acceptances(app: "wasteguard")
        XCTAssertEqual(acceptances.map(\.document), ["disclaimer", "privacy", "terms"])
        XCTAssertEqual(acceptances[1], ConsentRecord(app: "wasteguard", document: "privacy", version: "3",
                                                     acceptedAt: date + 60))
    }

    func testWithdrawOneOrAll() async throws {
        let store = try openStore()
        for (document, version) in required {
            try store.consent.accept(app: "wasteguard", document: document, version: version)
        }
        try store.consent.accept(app: "kitchen", document: "terms", version: "1")

        XCTAssertEqual(try store.consent.withdraw(app: "wasteguard", document: "terms"), 1)
        let value1 = try await store.consent.hasAccepted(app: "wasteguard", required: required)
        XCTAssertFalse(value1)
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
