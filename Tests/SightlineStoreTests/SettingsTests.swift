// SettingsTests: key → text values — get, set replacing, remove, list all.
import Foundation
import SightlineStore
import XCTest

final class SettingsTests: StoreTestCase {
    func testGetSetReplaceRemove() throws {
        let store = try openStore()
        XCTAssertNil(try store.settings.value(for: "language"))
        try store.settings.setValue("en", for: "language")
        try store.settings.setValue("de", for: "language")
        try store.settings.setValue("Ulm", for: "municipality")
        try store.settings.setValue("", for: "note")
        XCTAssertEqual(try store.settings.value(for: "language"), "de")
        XCTAssertEqual(try store.settings.value(for: "note"), "")
        XCTAssertEqual(try store.settings.all(), ["language": "de", "municipality": "Ulm", "note": ""])

        XCTAssertTrue(try store.settings.removeValue(for: "language"))
        XCTAssertFalse(try store.settings.removeValue(for: "language"))
        XCTAssertNil(try store.settings.value(for: "language"))
    }

    func testAnEmptyKeyIsRefused() throws {
        let store = try openStore()
        XCTAssertThrowsError(try store.settings.setValue("dark", for: ""))
    }
}
