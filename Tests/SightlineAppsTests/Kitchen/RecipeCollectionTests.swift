// RecipeCollectionTests: the bundled recipes meet the issue's requirements and the diet rules
// of Resources/kitchen/README.md (checked independently of the tags), ingredients read with
// their amounts, steps are numbered, and bad recipes are refused when loading.
import SightlineApps
import XCTest

final class RecipeCollectionTests: XCTestCase {
    func testTheCollectionMeetsTheIssue() throws {
        let knowledge = try KitchenKnowledge.bundled()
        let recipes = knowledge.recipes.recipes
        XCTAssertGreaterThanOrEqual(recipes.count, 150)
        let cuisines = Set(recipes.compactMap(\.cuisine))
        XCTAssertTrue(cuisines.isSuperset(of: ["Ukrainian", "German", "British"]))
        XCTAssertGreaterThanOrEqual(cuisines.count, 10)
        for recipe in recipes {
            XCTAssertNotNil(recipe.servings, recipe.id)
            XCTAssertNotNil(recipe.readyInMinutes, recipe.id)
            XCTAssertTrue((3 ... 10).contains(recipe.steps.count), recipe.id)
            XCTAssertEqual(recipe.diets, recipe.diets.sorted(), recipe.id)
        }
        XCTAssertEqual(knowledge.pantryStaples.names,
                       ["salt", "black pepper", "vegetable oil", "olive oil", "water", "sugar", "flour"])
    }

    func testDietTagsFollowTheRules() throws {
        let knowledge = try KitchenKnowledge.bundled()
        let notVegetarian: Set = ["beef stock", "chicken stock", "dashi", "fish sauce", "worcestershire sauce",
                                  "green curry paste", "okonomiyaki sauce", "parmesan", "pecorino"]
        let notDairyFree: Set = ["puff pastry", "dark chocolate"]
        let notVegan: Set = ["honey", "mayonnaise", "meringue"]
        let gluten: Set = ["flour", "bread", "breadcrumbs", "pita bread", "flour tortilla", "pasta", "spaghetti", "bulgur",
                           "wheat berry", "puff pastry", "soy sauce", "oats", "beer", "malt vinegar", "worcestershire sauce",
                           "gochujang", "okonomiyaki sauce", "sausage", "chutney", "pickled onion"]
        for recipe in knowledge.recipes.recipes {
            let names = recipe.ingredientNames
            let categories = names.compactMap(knowledge.vocabulary.category)
            let vegetarian = !categories.contains(.meat) && !categories.contains(.fish) && notVegetarian.isDisjoint(with: names)
            let dairyFree = !categories.contains(.dairy) && notDairyFree.isDisjoint(with: names)
            let vegan = vegetarian && dairyFree && !categories.contains(.egg) && notVegan.isDisjoint(with: names)
            let glutenFree = gluten.isDisjoint(with: names)
            let expected = [(Diet.vegetarian, vegetarian), (.vegan, vegan), (.glutenFree, glutenFree), (.dairyFree, dairyFree)]
                .filter(\.1).map(\.0)
            XCTAssertEqual(recipe.diets, expected, recipe.id)
        }
    }

    func testDetailsReadWithAmountsAndNumberedSteps() throws {
        let knowledge = try KitchenKnowledge.bundled()
        let tortilla = try XCTUnwrap(knowledge.recipes.recipe(id: "tortilla-espanola"))
        XCTAssertEqual(tortilla.readyInMinutes, 50)
        XCTAssertEqual(tortilla.ingredients.map(\.amountText), ["600 g", "1", "6", "200 ml", "1 tsp"])
        XCTAssertTrue(tortilla.numberedSteps[0].hasPrefix("1. "))
        XCTAssertEqual(tortilla.numberedSteps.count, tortilla.steps.count)
        XCTAssertNil(knowledge.recipes.recipe(id: "no-such-recipe"))
    }

    func testIngredientLinesRead() {
        XCTAssertEqual(RecipeIngredient(name: "flour", amount: 200, unit: "g", preparation: "sifted").displayText, "200 g flour, sifted")
        XCTAssertEqual(RecipeIngredient(name: "garlic", amount: 2, unit: "clove").displayText, "2 cloves garlic")
        XCTAssertEqual(RecipeIngredient(name: "dill", amount: 1, unit: "bunch").displayText, "1 bunch dill")
        XCTAssertEqual(RecipeIngredient(name: "dill", amount: 2, unit: "bunch").amountText, "2 bunches")
        XCTAssertEqual(RecipeIngredient(name: "lemon", amount: 0.5).displayText, "0.5 × lemon")
        XCTAssertEqual(RecipeIngredient(name: "salt", amount: nil, preparation: "to taste").displayText, "salt, to taste")
        XCTAssertEqual(RecipeIngredient(name: "milk", amount: 1.25, unit: "l").amountText, "1.25 l")
    }

    func testBadRecipesAreRefused() throws {
        let vocabulary = try IngredientVocabulary.bundled()
        func recipe(id: String, ingredient: String = "egg", minutes: Int? = 10) -> Recipe {
            Recipe(id: id, title: "T", cuisine: "C", course: "main", servings: 1, readyInMinutes: minutes, summary: "S",
                   ingredients: [RecipeIngredient(name: ingredient, amount: 1)], steps: ["Cook."])
        }
        XCTAssertNoThrow(try RecipeCollection(recipes: [recipe(id: "boiled-egg")], vocabulary: vocabulary))
        for (bad, reason) in [
            ([recipe(id: "a"), recipe(id: "a")], "used twice"), ([recipe(id: "Boiled Egg")], "slug"),
            ([recipe(id: "12345")], "slug"), ([recipe(id: "x", ingredient: "eggs")], "'eggs'"),
            ([recipe(id: "x", minutes: nil)], "ready_in_minutes"),
        ] {
            XCTAssertThrowsError(try RecipeCollection(recipes: bad, vocabulary: vocabulary)) { error in
                XCTAssertTrue("\(error)".contains(reason), "\(error)")
            }
        }
    }
}
