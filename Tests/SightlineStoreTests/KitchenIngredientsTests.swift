// KitchenIngredientsTests: the Kitchen ingredient list — unique names, duplicates ignored in
// place, newest on top with ties by id, remove and clear.
import Foundation
import SightlineStore
import XCTest

final class KitchenIngredientsTests: StoreTestCase {
    func testNewestOnTopAndDuplicatesIgnoredInPlace() throws {
        let store = try openStore()
        let base = Date(timeIntervalSinceReferenceDate: 800_000_000)
        XCTAssertTrue(try store.kitchenIngredients.add("egg", at: base))
        XCTAssertTrue(try store.kitchenIngredients.add("tomato", at: base + 1))
        XCTAssertFalse(try store.kitchenIngredients.add("egg", at: base + 2))
        XCTAssertEqual(try store.kitchenIngredients.list().map(\.name), ["tomato", "egg"])
        XCTAssertEqual(try store.kitchenIngredients.list().last?.addedAt, base)
    }

    func testTiesAreBrokenByInsertionOrder() throws {
        let store = try openStore()
        let instant = Date(timeIntervalSinceReferenceDate: 800_000_000)
        for name in ["onion", "garlic", "potato"] {
            try store.kitchenIngredients.add(name, at: instant)
        }
        XCTAssertEqual(try store.kitchenIngredients.list().map(\.name), ["potato", "garlic", "onion"])
    }

    func testRemoveAndClear() throws {
        let store = try openStore()
        for name in ["bread", "carrot", "cucumber"] {
            try store.kitchenIngredients.add(name)
        }
        XCTAssertTrue(try store.kitchenIngredients.remove("carrot"))
        XCTAssertFalse(try store.kitchenIngredients.remove("carrot"))
        XCTAssertEqual(Set(try store.kitchenIngredients.list().map(\.name)), ["bread", "cucumber"])
        XCTAssertEqual(try store.kitchenIngredients.clear(), 2)
        XCTAssertEqual(try store.kitchenIngredients.list(), [])
        XCTAssertTrue(try store.kitchenIngredients.add("carrot"), "a removed name can be added again")
    }

    func testAnEmptyNameIsRefused() throws {
        let store = try openStore()
        XCTAssertThrowsError(try store.kitchenIngredients.add(" \n"))
        XCTAssertEqual(try store.kitchenIngredients.list(), [])
    }

    func testANameWithANulIsRefusedRatherThanStoredCut() throws {
        let store = try openStore()
        XCTAssertThrowsError(try store.kitchenIngredients.add("tomato\u{0}evil")) { error in
            XCTAssertEqual(error as? StoreError, .invalidValue(field: "ingredient name", reason: "it holds a NUL character (U+0000)"))
        }
        XCTAssertEqual(try store.kitchenIngredients.list(), [])
        XCTAssertTrue(try store.kitchenIngredients.add("tomato"))
        XCTAssertEqual(try store.kitchenIngredients.list().map(\.name), ["tomato"])
    }
}
