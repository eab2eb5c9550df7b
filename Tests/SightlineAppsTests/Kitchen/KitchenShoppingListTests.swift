// KitchenShoppingListTests: the shopping list built from recipes' missing ingredients on a real
// SQLite file — amounts and recipe kept, pantry staples left out on request, one line per
// ingredient when several recipes need it.
import Foundation
import SightlineApps
import SightlineStore
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

    func testSeveralRecipesMergeIntoOneLinePerIngredient() throws {
        let list = try makeList()
        let deruny = try XCTUnwrap(knowledge.recipes.recipe(id: "deruny"))
        let tortilla = try XCTUnwrap(knowledge.recipes.recipe(id: "tortilla-espanola"))
        let first = try list.addMissing(of: deruny, have: ["potato", "egg"], ignorePantryStaples: true,
                                        at: Date(timeIntervalSinceReferenceDate: 1))
        XCTAssertEqual(first.newLines, 2)
        let second = try list.addMissing(of: tortilla, have: ["potato"], at: Date(timeIntervalSinceReferenceDate: 2))
        XCTAssertEqual(second.items.map(\.name), ["onion", "egg", "olive oil", "salt"])
        XCTAssertEqual(second.newLines, 3)
        let items = try list.items()
        XCTAssertEqual(items.map(\.name), ["onion", "sour cream", "egg", "olive oil", "salt"])
        XCTAssertEqual(items[0].amount, "1")
        XCTAssertEqual(items[0].recipeTitle, deruny.title)
        XCTAssertEqual(items[2].amount, "6")
        XCTAssertEqual(items[3].amount, "200 ml")

        XCTAssertEqual(try list.add("  Tomatoes ", amount: "500 g"), "tomato")
        XCTAssertNil(try list.add("   "))
        let tomato = try XCTUnwrap(try list.items().last)
        XCTAssertEqual(tomato.name, "tomato")
        XCTAssertEqual(tomato.amount, "500 g")
        XCTAssertEqual(try list.toggleChecked(id: XCTUnwrap(tomato.id)), true)
        XCTAssertEqual(try list.clearChecked(), 1)
        XCTAssertEqual(try list.clearAll(), 5)
    }

    func testFavouriteRecipesRoundTrip() throws {
        let store = try TestEnvironment.store(for: self)
        let favourites = RecipeFavourites(store: store, collection: knowledge.recipes)
        XCTAssertTrue(try favourites.add(recipeID: "deruny", at: Date(timeIntervalSinceReferenceDate: 1)))
        XCTAssertTrue(try favourites.add(recipeID: "716429", at: Date(timeIntervalSinceReferenceDate: 2)))
        XCTAssertFalse(try favourites.add(recipeID: "deruny"))
        XCTAssertThrowsError(try favourites.add(recipeID: "no-such-recipe")) { error in
            XCTAssertEqual(error as? KitchenError, .unknownRecipe(id: "no-such-recipe"))
        }
        XCTAssertEqual(try favourites.recipeIDs(), ["716429", "deruny"])
        XCTAssertTrue(try favourites.contains(recipeID: "deruny"))
        XCTAssertTrue(try favourites.remove(recipeID: "deruny"))
        XCTAssertEqual(try favourites.recipeIDs(), ["716429"])
    }
}
