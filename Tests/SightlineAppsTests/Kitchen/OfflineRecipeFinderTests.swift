// OfflineRecipeFinderTests: the search by ingredients — both rankings and their tie-breaks on
// a small hand-checked collection, pantry staples ignored or not, diet and time filters — and
// on the bundled collection, hand-checked results plus properties every result must have.
import SightlineApps
import XCTest

final class OfflineRecipeFinderTests: XCTestCase {
    /// Six recipes whose counts are worked out by hand in the tests below.
    private func smallFinder() throws -> OfflineRecipeFinder {
        let names: [(String, IngredientCategory, [String])] = [
            ("egg", .egg, ["eggs"]), ("potato", .vegetable, ["potatoes"]), ("onion", .vegetable, ["onions"]),
            ("flour", .grain, []), ("salt", .spice, []), ("water", .liquid, []), ("milk", .dairy, []),
            ("cheese", .dairy, []), ("tomato", .vegetable, ["tomatoes"]), ("bell pepper", .vegetable, ["pepper", "capsicum"]),
        ]
        let vocabulary = try IngredientVocabulary(entries: names.map { .init(name: $0.0, category: $0.1, synonyms: $0.2) })
        func recipe(_ id: String, _ title: String, _ minutes: Int, _ diets: [Diet], _ ingredients: [String]) -> Recipe {
            Recipe(id: id, title: title, cuisine: "Test", course: "main", servings: 2, readyInMinutes: minutes, diets: diets,
                   summary: title, ingredients: ingredients.map { RecipeIngredient(name: $0, amount: 1) }, steps: ["Cook."])
        }
        let recipes = [
            recipe("omelette", "Omelette", 10, [.vegetarian, .glutenFree], ["egg", "milk", "salt", "cheese"]),
            recipe("potato-pancakes", "Potato Pancakes", 40, [.vegetarian, .dairyFree], ["potato", "egg", "onion", "flour", "salt"]),
            recipe("tomato-salad", "Tomato Salad", 10, [.vegetarian, .vegan, .glutenFree, .dairyFree], ["tomato", "onion", "salt"]),
            recipe("shakshuka", "Shakshuka", 30, [.vegetarian, .glutenFree, .dairyFree],
                   ["egg", "tomato", "bell pepper", "onion", "salt"]),
            recipe("mashed-potato", "Mashed Potato", 25, [.vegetarian, .glutenFree], ["potato", "milk", "salt"]),
            recipe("pancakes", "Pancakes", 20, [.vegetarian], ["flour", "egg", "milk", "water"]),
        ]
        return OfflineRecipeFinder(collection: try RecipeCollection(recipes: recipes, vocabulary: vocabulary),
                                   vocabulary: vocabulary, pantryStaples: PantryStaples(names: ["salt", "flour", "water"]))
    }

    private let have = ["Eggs", "onion", "Potatoes"]

    func testMostUsedRanksByUsedThenMissingThenTitle() throws {
        // used/missing: pancakes 3/2, shakshuka 2/3, mashed 1/2, salad 1/2, omelette 1/3, pancakes 1/3.
        let results = try smallFinder().search(RecipeSearchRequest(ingredients: have, ranking: .mostUsed))
        XCTAssertEqual(results.map(\.id), ["potato-pancakes", "shakshuka", "mashed-potato", "tomato-salad", "omelette", "pancakes"])
        XCTAssertEqual(results[0].used, ["potato", "egg", "onion"])
        XCTAssertEqual(results[0].missing, ["flour", "salt"])
        XCTAssertEqual(results[0].additionalIngredientsText, "With additional: flour, salt")
        XCTAssertEqual(results[1].missing, ["tomato", "bell pepper", "salt"])
    }

    func testFewestMissingRanksByMissingThenUsedThenTitle() throws {
        let results = try smallFinder().search(RecipeSearchRequest(ingredients: have, ranking: .fewestMissing))
        XCTAssertEqual(results.map(\.id), ["potato-pancakes", "mashed-potato", "tomato-salad", "shakshuka", "omelette", "pancakes"])
    }

    func testIgnoringPantryStaplesLeavesThemOutOfBothCounts() throws {
        // used/missing without salt, flour, water: potato pancakes 3/0, shakshuka 2/2,
        // mashed 1/1, pancakes 1/1, salad 1/1, omelette 1/2.
        let finder = try smallFinder()
        let mostUsed = finder.search(RecipeSearchRequest(ingredients: have, ranking: .mostUsed, ignorePantryStaples: true))
        XCTAssertEqual(mostUsed.map(\.id), ["potato-pancakes", "shakshuka", "mashed-potato", "pancakes", "tomato-salad", "omelette"])
        XCTAssertEqual(mostUsed[0].missing, [])
        XCTAssertEqual(mostUsed[0].additionalIngredientsText, "With additional: nothing")
        XCTAssertEqual(mostUsed[3].missing, ["milk"])
        let fewestMissing = finder.search(RecipeSearchRequest(ingredients: have, ranking: .fewestMissing, ignorePantryStaples: true))
        XCTAssertEqual(fewestMissing.map(\.id), ["potato-pancakes", "mashed-potato", "pancakes", "tomato-salad", "shakshuka", "omelette"])
        // A staple the user has is used only when staples count.
        let withSalt = finder.search(RecipeSearchRequest(ingredients: ["salt"], ignorePantryStaples: false))
        XCTAssertEqual(withSalt.count, 5)
        XCTAssertEqual(finder.search(RecipeSearchRequest(ingredients: ["salt"], ignorePantryStaples: true)), [])
    }

    func testDietTimeAndLimitFilter() throws {
        let finder = try smallFinder()
        let glutenFree = finder.search(RecipeSearchRequest(ingredients: have, diets: [.glutenFree]))
        XCTAssertEqual(glutenFree.map(\.id), ["shakshuka", "mashed-potato", "tomato-salad", "omelette"])
        let quick = finder.search(RecipeSearchRequest(ingredients: have, diets: [.glutenFree], maxReadyInMinutes: 15))
        XCTAssertEqual(quick.map(\.id), ["tomato-salad", "omelette"])
        XCTAssertEqual(finder.search(RecipeSearchRequest(ingredients: have, diets: [.vegan, .glutenFree])).map(\.id), ["tomato-salad"])
        XCTAssertEqual(finder.search(RecipeSearchRequest(ingredients: have, limit: 2)).map(\.id), ["potato-pancakes", "shakshuka"])
        XCTAssertEqual(finder.search(RecipeSearchRequest(ingredients: have, limit: 0)).count, 6)
        XCTAssertEqual(finder.search(RecipeSearchRequest(ingredients: [])), [])
        XCTAssertEqual(finder.search(RecipeSearchRequest(ingredients: ["kumquats", "  "])), [])
        XCTAssertEqual(finder.search(RecipeSearchRequest(ingredients: ["capsicum"])).map(\.id), ["shakshuka"])
    }

    func testBundledCollectionHandCheckedResults() throws {
        let finder = OfflineRecipeFinder(knowledge: try KitchenKnowledge.bundled())
        let fewestMissing = finder.search(RecipeSearchRequest(ingredients: ["Potatoes", "eggs", "Onions"],
                                                              ranking: .fewestMissing, ignorePantryStaples: true))
        XCTAssertEqual(fewestMissing.prefix(3).map(\.title),
                       ["Tortilla Española", "Varenyky with Potato and Fried Onion", "Rösti"])
        XCTAssertEqual(fewestMissing[0].used, ["potato", "onion", "egg"])
        XCTAssertEqual(fewestMissing[0].missing, [])
        let mostUsed = finder.search(RecipeSearchRequest(ingredients: ["Potatoes", "eggs", "Onions"],
                                                         ranking: .mostUsed, ignorePantryStaples: true))
        XCTAssertEqual(mostUsed.prefix(6).map(\.id), ["tortilla-espanola", "deruny", "kopytka", "pierogi-ruskie",
                                                      "potato-zrazy-mushrooms", "kartoffelpuffer-applesauce"])
        // Without ignoring staples, the tortilla lacks its olive oil and salt.
        let counted = finder.search(RecipeSearchRequest(ingredients: ["potato", "egg", "onion"], limit: 0))
        XCTAssertEqual(counted.first { $0.id == "tortilla-espanola" }?.missing, ["olive oil", "salt"])
    }

    func testBundledCollectionResultsAreConsistent() throws {
        let knowledge = try KitchenKnowledge.bundled()
        let finder = OfflineRecipeFinder(knowledge: knowledge)
        let pantry = knowledge.pantryStaples
        for listed in [["tomato", "garlic"], ["beetroot", "cabbage", "carrot"], ["flour", "milk", "egg", "butter"], ["rice"]] {
            // "rice" stands for its family too (glutinous rice).
            let have = try XCTUnwrap(knowledge.families).expanding(Set(listed))
            for ranking in RecipeRanking.allCases {
                for ignore in [false, true] {
                    let request = RecipeSearchRequest(ingredients: listed, ranking: ranking, ignorePantryStaples: ignore,
                                                      diets: [.vegetarian], maxReadyInMinutes: 60, limit: 0)
                    let results = finder.search(request)
                    XCTAssertFalse(results.isEmpty, "\(listed)")
                    for (earlier, later) in zip(results, results.dropFirst()) {
                        let order = ranking.precedes((earlier.used.count, earlier.missing.count), (later.used.count, later.missing.count))
                        XCTAssertNotEqual(order, false, "\(earlier.id) before \(later.id)")
                    }
                    for result in results {
                        let recipe = try XCTUnwrap(knowledge.recipes.recipe(id: result.id))
                        let counted = recipe.ingredientNames.filter { !(ignore && pantry.contains($0)) }
                        XCTAssertFalse(result.used.isEmpty)
                        XCTAssertEqual(result.used + result.missing, counted.filter(result.used.contains) + counted.filter(result.missing.contains))
                        XCTAssertEqual(Set(result.used), Set(counted).intersection(have))
                        XCTAssertEqual(Set(result.missing), Set(counted).subtracting(have))
                        XCTAssertTrue(recipe.diets.contains(.vegetarian))
                        XCTAssertLessThanOrEqual(try XCTUnwrap(recipe.readyInMinutes), 60)
                    }
                    // Every recipe that uses one of the ingredients and passes the filters is found.
                    let expected = knowledge.recipes.recipes.filter { recipe in
                        recipe.diets.contains(.vegetarian) && recipe.readyInMinutes! <= 60
                            && recipe.ingredientNames.contains { have.contains($0) && !(ignore && pantry.contains($0)) }
                    }
                    XCTAssertEqual(Set(results.map(\.id)), Set(expected.map(\.id)))
                }
            }
        }
    }

    func testAFamilyCountsForItsMembersAndAnAmbiguousWordForEachMeaning() throws {
        let finder = OfflineRecipeFinder(knowledge: try KitchenKnowledge.bundled())
        let withPasta = finder.search(RecipeSearchRequest(ingredients: ["pasta"], limit: 0))
        XCTAssertTrue(withPasta.contains { $0.used.contains("spaghetti") }, "pasta finds the spaghetti recipes")
        let withSpaghetti = finder.search(RecipeSearchRequest(ingredients: ["spaghetti"], limit: 0))
        XCTAssertTrue(withSpaghetti.contains { $0.used.contains("pasta") }, "spaghetti serves a recipe that asks for pasta")
        let withPepper = finder.search(RecipeSearchRequest(ingredients: ["pepper"], limit: 0))
        XCTAssertTrue(withPepper.contains { $0.used.contains("bell pepper") })
        XCTAssertTrue(withPepper.contains { $0.used.contains("black pepper") })
    }
}
