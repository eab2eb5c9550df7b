// ShoppingListTests: adding many items at once with duplicates merged by name, ticking off,
// removing, clearing ticked and all, and the list's order.
import Foundation
import SightlineStore
import XCTest

final class ShoppingListTests: StoreTestCase {
    func testAddManyMergesDuplicatesByName() throws {
        let store = try openStore()
        let base = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let added = try store.shoppingList.add([
            NewShoppingListItem(name: "beetroot", amount: "3", recipeID: "borscht", recipeTitle: "Borscht"),
            NewShoppingListItem(name: "dill", amount: nil, recipeID: "borscht", recipeTitle: "Borscht"),
            NewShoppingListItem(name: "beetroot", amount: "3", recipeID: "borscht", recipeTitle: "Borscht"),
        ], at: base)
        XCTAssertEqual(added, 2)

        let more = try store.shoppingList.add([
            NewShoppingListItem(name: "dill", amount: "1 bunch", recipeID: "salad", recipeTitle: "Salad"),
            NewShoppingListItem(name: "beetroot", amount: "2 small", recipeID: "salad", recipeTitle: "Salad"),
            NewShoppingListItem(name: "sour cream", amount: "200 g"),
        ], at: base + 10)
        XCTAssertEqual(more, 1)

        let list = try store.shoppingList.list()
        XCTAssertEqual(list.map(\.name), ["beetroot", "dill", "sour cream"])
        XCTAssertEqual(list.map(\.amount), ["3 + 2 small", "1 bunch", "200 g"])
        XCTAssertEqual(list.map(\.recipeID), ["borscht", "borscht", nil])
        XCTAssertEqual(list.map(\.recipeTitle), ["Borscht", "Borscht", nil])
        XCTAssertEqual(list.map(\.isChecked), [false, false, false])
        XCTAssertEqual(list.first?.createdAt, base)
    }

    func testToggleCheckedAndMergingUnticks() throws {
        let store = try openStore()
        try store.shoppingList.add([NewShoppingListItem(name: "flour", amount: "500 g")])
        let flour = try XCTUnwrap(store.shoppingList.list().first?.id)

        XCTAssertEqual(try store.shoppingList.toggleChecked(id: flour), true)
        XCTAssertEqual(try store.shoppingList.list().first?.isChecked, true)
        XCTAssertEqual(try store.shoppingList.toggleChecked(id: flour), false)
        XCTAssertEqual(try store.shoppingList.toggleChecked(id: flour), true)
        XCTAssertNil(try store.shoppingList.toggleChecked(id: flour + 1_000))

        // Needed again for another recipe: the ticked line is unticked.
        XCTAssertEqual(try store.shoppingList.add([NewShoppingListItem(name: "flour", amount: "500 g")]), 0)
        XCTAssertEqual(try store.shoppingList.list().first?.isChecked, false)
        XCTAssertEqual(try store.shoppingList.list().first?.amount, "500 g")
    }

    func testRemoveClearCheckedAndClearAll() throws {
        let store = try openStore()
        try store.shoppingList.add(["milk", "eggs", "butter", "salt"].map { NewShoppingListItem(name: $0) })
        let items = try store.shoppingList.list()
        XCTAssertEqual(items.map(\.name), ["milk", "eggs", "butter", "salt"])

        XCTAssertTrue(try store.shoppingList.remove(id: items[3].id!))
        XCTAssertFalse(try store.shoppingList.remove(id: items[3].id!))
        try store.shoppingList.toggleChecked(id: items[0].id!)
        try store.shoppingList.toggleChecked(id: items[2].id!)
        XCTAssertEqual(try store.shoppingList.clearChecked(), 2)
        XCTAssertEqual(try store.shoppingList.list().map(\.name), ["eggs"])
        XCTAssertEqual(try store.shoppingList.clearAll(), 1)
        XCTAssertEqual(try store.shoppingList.list(), [])
    }

    func testAnEmptyNameRefusesTheWholeAddition() throws {
        let store = try openStore()
        XCTAssertThrowsError(try store.shoppingList.add([NewShoppingListItem(name: "rice"), NewShoppingListItem(name: "")]))
        XCTAssertEqual(try store.shoppingList.list(), [])
    }
}
