// SpoonacularClientTests: the optional online recipe provider against a fixture server on
// loopback (never the internet) — the ingredient list encoded exactly once, the key in a
// header, every field optional, HTML stripped, statuses turned into clear errors.
import Foundation
import SightlineApps
import XCTest

final class SpoonacularClientTests: XCTestCase {
    private var server: SpoonacularFixtureServer!
    private var vocabulary: IngredientVocabulary!

    override func setUpWithError() throws {
        server = try SpoonacularFixtureServer(for: self)
        vocabulary = try IngredientVocabulary.bundled()
    }

    private func client(key: String = "test-key") -> SpoonacularClient {
        SpoonacularClient(apiKey: key, baseURL: server.baseURL, timeout: 10)
    }

    private func provider(key: String = "test-key") -> SpoonacularRecipeProvider {
        SpoonacularRecipeProvider(client: client(key: key), vocabulary: vocabulary)
    }

    func testTheIngredientListIsEncodedOnceAndTheKeyTravelsInAHeader() async throws {
        _ = try await client().findByIngredients(["bell pepper", "crème fraîche", "salt & pepper", "50%"], number: 5,
                                                 ranking: .fewestMissing, ignorePantry: true)
        let request = try await server.receivedRequests()[0]
        XCTAssertEqual(request.route, "/recipes/findByIngredients")
        XCTAssertTrue(request.rawPath.contains("ingredients=bell%20pepper%2Ccr%C3%A8me%20fra%C3%AEche%2Csalt%20%26%20pepper%2C50%25&"),
                      request.rawPath)
        XCTAssertEqual(request.query["ingredients"], ["bell pepper,crème fraîche,salt & pepper,50%"])
        XCTAssertEqual(request.query["number"], ["5"])
        XCTAssertEqual(request.query["ranking"], ["2"])
        XCTAssertEqual(request.query["ignorePantry"], ["true"])
        XCTAssertNil(request.query["apiKey"])
        XCTAssertEqual(request.apiKey, "test-key")
    }

    func testSearchNormalisesNamesAndReadsTimeAndDietsFromInformation() async throws {
        let request = RecipeSearchRequest(ingredients: ["Eggs", "peppers", "eggs"], ranking: .mostUsed, ignorePantryStaples: false)
        let matches = try await provider().findRecipes(request)
        XCTAssertEqual(matches, [
            RecipeMatch(id: "101", title: "Green Pepper Frittata", used: ["egg", "bell pepper"], missing: ["salt", "cheddar"],
                        readyInMinutes: 25, diets: [.vegetarian, .glutenFree]),
            RecipeMatch(id: "102", title: "Buttered Eggs", used: [], missing: ["butter"], readyInMinutes: nil, diets: []),
        ])
        let received = try await server.receivedRequests()
        XCTAssertEqual(received[0].query["ingredients"], ["egg,bell pepper"])
        XCTAssertEqual(received[0].query["ranking"], ["1"])
        XCTAssertEqual(received[0].query["ignorePantry"], ["false"])
        XCTAssertEqual(received[0].query["number"], ["10"])
        XCTAssertEqual(Set(received.dropFirst().map(\.route)), ["/recipes/101/information", "/recipes/102/information"])
        XCTAssertEqual(received[1].query["includeNutrition"], ["false"])
    }

    func testFiltersApplyToTheInformation() async throws {
        let vegetarian = try await provider().findRecipes(RecipeSearchRequest(ingredients: ["egg"], diets: [.vegetarian], limit: 4))
        XCTAssertEqual(vegetarian.map(\.id), ["101"])
        let received = try await server.receivedRequests()
        XCTAssertEqual(received[0].query["number"], ["12"])
        let quick = try await provider().findRecipes(RecipeSearchRequest(ingredients: ["egg"], maxReadyInMinutes: 20))
        XCTAssertEqual(quick, [])
        let none = try await provider().findRecipes(RecipeSearchRequest(ingredients: ["  "]))
        XCTAssertEqual(none, [])
    }

    func testRecipeDetailsFromAnalysedSteps() async throws {
        let recipe = try await provider().recipe(id: "101")
        XCTAssertEqual(recipe.title, "Green Pepper Frittata")
        XCTAssertEqual(recipe.cuisine, "Italian")
        XCTAssertEqual(recipe.course, "breakfast")
        XCTAssertEqual(recipe.servings, 4)
        XCTAssertEqual(recipe.readyInMinutes, 25)
        XCTAssertEqual(recipe.diets, [.vegetarian, .glutenFree])
        XCTAssertEqual(recipe.summary, "A quick frittata with green peppers & cheddar.")
        XCTAssertEqual(recipe.ingredients.map(\.displayText), ["6 × egg", "1 × bell pepper", "0.5 tsp salt", "50 g cheddar"])
        XCTAssertEqual(recipe.numberedSteps, [
            "1. Beat the eggs with the salt.",
            "2. Fry the pepper strips for 5 minutes.",
            "3. Pour in the eggs, scatter the cheese and bake at 180°C for 12 minutes.",
        ])
        XCTAssertEqual(recipe.sourceURL, "https://recipes.example/green-pepper-frittata")
    }

    func testRecipeDetailsFromHTMLInstructionsWithFieldsMissing() async throws {
        let recipe = try await provider().recipe(id: "102")
        XCTAssertEqual(recipe.title, "Buttered Eggs")
        XCTAssertEqual(recipe.steps, ["Whisk the eggs & a pinch of salt.", "Cook gently in the butter – keep stirring.", "Serve at once!"])
        XCTAssertEqual(recipe.summary, "Soft eggs for two.")
        XCTAssertNil(recipe.readyInMinutes)
        XCTAssertNil(recipe.servings)
        XCTAssertNil(recipe.cuisine)
        XCTAssertEqual(recipe.diets, [])
        XCTAssertEqual(recipe.ingredients, [])
    }

    func testUnknownRecipesAreUnknown() async throws {
        for id in ["999", "abc", "-5"] {
            do {
                _ = try await provider().recipe(id: id)
                XCTFail("\(id) was found")
            } catch {
                XCTAssertEqual(error as? KitchenError, .unknownRecipe(id: id))
            }
        }
    }

    func testErrorStatusesBecomeClearErrors() async throws {
        let cases: [(String, SpoonacularError)] = [
            ("fixture-status-401", .unauthorized(message: "fixture error 401")),
            ("fixture-status-402", .quotaExceeded(message: "fixture error 402")),
            ("fixture-status-429", .rateLimited),
            ("fixture-status-500", .httpStatus(code: 500, path: "/recipes/findByIngredients", message: "fixture error 500")),
            ("fixture-not-json", .invalidResponse(path: "/recipes/findByIngredients",
                                                  reason: "expected a JSON array of recipes (45 bytes received)")),
        ]
        for (key, expected) in cases {
            do {
                _ = try await client(key: key).findByIngredients(["egg"], number: 1, ranking: .mostUsed, ignorePantry: false)
                XCTFail("\(key) did not fail")
            } catch {
                XCTAssertEqual(error as? SpoonacularError, expected, key)
                XCTAssertFalse("\(error)".contains(key), "the message must not show the key")
            }
        }
        XCTAssertTrue("\(SpoonacularError.quotaExceeded(message: nil))".contains("--source offline"))
    }

    func testAServerThatIsNotThereIsATransportError() async throws {
        let client = SpoonacularClient(apiKey: "k", baseURL: URL(string: "http://127.0.0.1:1")!, timeout: 5)
        do {
            _ = try await client.recipeInformation(id: 1)
            XCTFail("no server answered")
        } catch let error as SpoonacularError {
            guard case .transport(let host, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(host, "127.0.0.1")
        }
    }

    func testConfigurationFromTheEnvironment() throws {
        XCTAssertNil(try SpoonacularClient.fromEnvironment([:]))
        XCTAssertNil(try SpoonacularClient.fromEnvironment(["SPOONACULAR_API_KEY": "  "]))
        let configured = try XCTUnwrap(try SpoonacularClient.fromEnvironment([
            "SPOONACULAR_API_KEY": "abc", "SPOONACULAR_BASE_URL": server.baseURL.absoluteString,
        ]))
        XCTAssertEqual(configured.baseURL, server.baseURL)
        XCTAssertEqual(try SpoonacularClient.fromEnvironment(["SPOONACULAR_API_KEY": "abc"])?.baseURL,
                       SpoonacularClient.defaultBaseURL)
        XCTAssertThrowsError(try SpoonacularClient.fromEnvironment(["SPOONACULAR_API_KEY": "abc", "SPOONACULAR_BASE_URL": "ftp://x"]))
        XCTAssertEqual(client().url(path: "/recipes/1/information", query: [("a b", "c/d")]).absoluteString,
                       server.baseURL.absoluteString + "/recipes/1/information?a%20b=c%2Fd")
    }

    func testRecipeSourcesRouteIdsAndNeedAKeyForSpoonacular() async throws {
        let knowledge = try KitchenKnowledge.bundled()
        let offlineOnly = RecipeSources(knowledge: knowledge, spoonacular: nil)
        XCTAssertTrue(try offlineOnly.searchProvider(.automatic) is OfflineRecipeFinder)
        XCTAssertThrowsError(try offlineOnly.searchProvider(.spoonacular)) { error in
            XCTAssertEqual(error as? SpoonacularError, .missingAPIKey)
        }
        let deruny = try await offlineOnly.recipe(id: "Deruny")
        XCTAssertEqual(deruny.id, "deruny")
        do {
            _ = try await offlineOnly.recipe(id: "101")
            XCTFail("a Spoonacular id without a key")
        } catch {
            XCTAssertEqual(error as? KitchenError, .onlineRecipeNeedsAPIKey(id: "101"))
        }
        let online = RecipeSources(knowledge: knowledge, spoonacular: client())
        XCTAssertTrue(try online.searchProvider(.automatic) is SpoonacularRecipeProvider)
        XCTAssertTrue(try online.searchProvider(.offline) is OfflineRecipeFinder)
        let fromSpoonacular = try await online.recipe(id: "101")
        XCTAssertEqual(fromSpoonacular.title, "Green Pepper Frittata")
        let stillBundled = try await online.recipe(id: "deruny")
        XCTAssertEqual(stillBundled.title, "Deruny (Potato Pancakes)")
    }
}
