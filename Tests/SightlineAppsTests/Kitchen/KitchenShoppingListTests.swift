// KitchenShoppingListTests: the shopping list built from recipes' missing ingredients on a real
// SQLite file — amounts and recipe kept, pantry staples left out on request, one line per
// ingredient when several recipes need it.
import Foundation
import SightlineApps
import SightlineStore
import SightlineTestSupport
import XCTest

final class KitchenShoppingListTests: XCTestCase {
    private var knowledge: KitchenKnowledge!

    override func setUpWithError() throws {
        knowledge = try KitchenKnowledge.bundled()
    }

    private func makeList() throws -> KitchenShoppingList {
        KitchenShoppingList(store: try TestEnvironment.store(for: self), vocabulary: knowledge.vocabulary,
                            pantryStaples: knowledge.pantryStaples)
    }

    func testMissingItemsCarryAmountsAndTheRecipe() throws {
        let list = try makeList()
        let deruny = try XCTUnwrap(knowledge.recipes.recipe(id: "deruny"))
        let items = list.missingItems(of: deruny, have: ["Potatoes", "eggs"])
        XCTAssertEqual(items.map(\.name), ["onion", "flour", "salt", "black pepper", "vegetable oil", "sour cream"])
        XCTAssertEqual(items.map(\.amount), ["1", "3 tbsp", "1 tsp", nil, "6 tbsp", nil])
        XCTAssertEqual(Set(items.map(\.recipeID)), ["deruny"])
        let withoutStaples = list.missingItems(of: deruny, have: ["Potatoes", "eggs"], ignorePantryStaples: true)
        XCTAssertEqual(withoutStaples.map(\.name), ["onion", "sour cream"])
    }

    func testSeveralRecipesMergeIntoOneLinePerIngredient() async throws {
        let list = try makeList()
        let deruny = try XCTUnwrap(knowledge.recipes.recipe(id: "deruny"))
        let tortilla = try XCTUnwrap(knowledge.recipes.recipe(id: "tortilla-espanola"))
        let first = try await list.addMissing(of: deruny, have: ["potato", "egg"], ignorePantryStaples: true,
                                        at: Date(timeIntervalSinceReferenceDate: 1))
        XCTAssertEqual(first.newLines, 2)
        let second = try await list.addMissing(of: tortilla, have: ["potato"], at: Date(timeIntervalSinceReferenceDate: 2))
        XCTAssertEqual(second.items.map(\.name), ["onion", "egg", "olive oil", "salt"])
        XCTAssertEqual(second.newLines, 3)
        let items = try await list.items()
        XCTAssertEqual(items.map(\.name), ["onion", "sour cream", "egg", "olive oil", "salt"])
        XCTAssertEqual(items[0].amount, "1")
        XCTAssertEqual(items[0].recipeTitle, deruny.title)
        XCTAssertEqual(items[2].amount, "6")
        XCTAssertEqual(items[3].amount, "200 ml")

        let value1 = try await list.add("  Tomatoes ", amount: "500 g")
        XCTAssertEqual(value1, "tomato")
        let value2 = try await list.add("   ")
        XCTAssertNil(value2)
        let value3 = try await list.items().last
        let tomato = try XCTUnwrap(value3)
        XCTAssertEqual(tomato.name, "tomato")
        XCTAssertEqual(tomato.amount, "500 g")
        let value4 = try await list.toggleChecked(id: XCTUnwrap(tomato.id))
        XCTAssertEqual(value4, true)
        let value5 = try await list.clearChecked()
        XCTAssertEqual(value5, 1)
        let value6 = try await list.clearAll()
        XCTAssertEqual(value6, 5)
    }

    func testFavouriteRecipesRoundTrip() async throws {
        let store = try TestEnvironment.store(for: self)
        let favourites = RecipeFavourites(store: store, collection: knowledge.recipes)
        let value1 = try await favourites.add(recipeID: "deruny", at: Date(timeIntervalSinceReferenceDate: 1))
        XCTAssertTrue(value1)
        let value2 = try await favourites.add(recipeID: "716429", at: Date(timeIntervalSinceReferenceDate: 2))
        XCTAssertTrue(value2)
        let value3 = try await favourites.add(recipeID: "deruny")
        XCTAssertFalse(value3)
        await assertThrowsAsync(try await favourites.add(recipeID: "no-such-recipe")) { error in
            XCTAssertEqual(error as? KitchenError, .unknownRecipe(id: "no-such-recipe"))
        }
        let value5 = try await favourites.recipeIDs()
        XCTAssertEqual(value5, ["716429", "deruny"])
        let value6 = try await favourites.contains(recipeID: "deruny")
        XCTAssertTrue(value6)
        let value7 = try await favourites.remove(recipeID: "deruny")
        XCTAssertTrue(value7)
        let value8 = try await favourites.recipeIDs()
        XCTAssertEqual(value8, ["716429"])
    }
}
