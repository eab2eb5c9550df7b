// WasteTallyTests: counts per label — increment many (repeats count), list most frequent
// first, reset.
import Foundation
import SightlineStore
import XCTest

final class WasteTallyTests: StoreTestCase {
    func testIncrementManyAndList() throws {
        let store = try openStore()
        try store.wasteTally.increment(["plastic bag", "can", "plastic bag"])
        try store.wasteTally.increment(["can", "battery"])
        try store.wasteTally.increment([])
        XCTAssertEqual(try store.wasteTally.counts(), [
            WasteTallyEntry(label: "can", count: 2),
            WasteTallyEntry(label: "plastic bag", count: 2),
            WasteTallyEntry(label: "battery", count: 1),
        ])
    }

    func testReset() throws {
        let store = try openStore()
        try store.wasteTally.increment(["glass", "stone"])
        XCTAssertEqual(try store.wasteTally.reset(), 2)
        XCTAssertEqual(try store.wasteTally.counts(), [])
    }

    func testAnEmptyLabelRefusesTheWholeIncrement() throws {
        let store = try openStore()
        XCTAssertThrowsError(try store.wasteTally.increment(["glass", ""]))
        XCTAssertEqual(try store.wasteTally.counts(), [])
    }
}
