// KitchenRoutes: the Kitchen over HTTP — the ingredient list (typed or identified from a photo:
// with the ingredient detector every ingredient found, with boxes, the sure ones added and the
// others offered; with the classifier one ingredient, top three offered when unsure), recipes
// for it with "With additional:", a recipe's details, favourite recipes and the shopping list.
import Foundation
import Hummingbird
import SightlineApps
import SightlineImaging
import SightlinePresentation
import SightlineStore

struct KitchenRoutes {
    let services: AppServices

    func register(on api: RouterGroup<some RequestContext>) {
        api.get("kitchen/ingredients", use: ingredients)
        api.get("kitchen/ingredient-names", use: ingredientNames)
        api.post("kitchen/ingredients", use: addIngredient)
        api.delete("kitchen/ingredients", use: clearIngredients)
        api.delete("kitchen/ingredients/:name", use: removeIngredient)
        api.post("kitchen/identify", use: identify)
        api.get("kitchen/recipes", use: recipes)
        api.get("kitchen/recipes/:id", use: recipe)
        api.get("kitchen/favourites", use: favourites)
        api.put("kitchen/favourites/:id", use: addFavourite)
        api.delete("kitchen/favourites/:id", use: removeFavourite)
        api.get("kitchen/shopping-list", use: shoppingList)
        api.post("kitchen/shopping-list", use: addToShoppingList)
        api.delete("kitchen/shopping-list", use: clearShoppingList)
        api.patch("kitchen/shopping-list/:id", use: toggleShoppingItem)
        api.delete("kitchen/shopping-list/:id", use: removeShoppingItem)
    }

    @Sendable func ingredients(_ request: Request, context: some RequestContext) async throws -> Response {
        try await JSONResponse.make(IngredientListJSON(try services.kitchen.ingredientList.names()))
    }

    /// `?lang=`: `{"names": {"tomato": "Tomate", …}}`, every vocabulary ingredient's name in `lang`.
    @Sendable func ingredientNames(_ request: Request, context: some RequestContext) async throws -> Response {
        try JSONResponse.make(IngredientNamesJSON(try KitchenTranslations.bundled().ingredientNames(in: try request.language())))
    }

    /// Body `{"name": "Tomatoes "}`: `{"change": {"text", "name", "result"}, "ingredients": […]}`
    @Sendable func addIngredient(_ request: Request, context: some RequestContext) async throws -> Response {
        let addition = try await JSONBody.decode(IngredientBody.self, from: request, limit: services.configuration.maxJSONBytes)
        let list = try services.kitchen.ingredientList
        let change = try await list.add(addition.name)
        return try await JSONResponse.make(IngredientAddedJSON(change: IngredientChangeJSON(text: addition.name, change: change),
                                                         ingredients: try list.names()))
    }

    @Sendable func removeIngredient(_ request: Request, context: some RequestContext) async throws -> Response {
        let list = try services.kitchen.ingredientList
        let name = try context.text("name")
        guard try await list.remove(name) != nil else { throw APIError.notFound("\(name) is not on the ingredient list.") }
        return try await JSONResponse.make(IngredientListJSON(try list.names()))
    }

    @Sendable func clearIngredients(_ request: Request, context: some RequestContext) async throws -> Response {
        let list = try services.kitchen.ingredientList
        _ = try await list.clear()
        return try await JSONResponse.make(IngredientListJSON(try list.names()))
    }

    /// `?add=true|false` (default true): `{"file", "method", "ingredient", "confidence", "candidates",
    /// "found", "added"}` (`KitchenIdentificationJSON`)
    @Sendable func identify(_ request: Request, context: some RequestContext) async throws -> Response {
        let add = try request.flag("add", default: true)
        let (finder, list, maxPixels) = (services.ingredientFinder, try services.kitchen.ingredientList,
                                         services.configuration.maxPixels)
        let (identification, fileName) = try await services.infer(uploadOf: request) { upload in
            let finder = try finder.get()
            // Either decodes a large JPEG no larger than its model's input needs.
            let decodingSize: ImageSize
            switch finder {
            case .detector(let detector): decodingSize = detector.decodingSize
            case .classifier: decodingSize = PhotoDecoding.classifierDecodingSize
            }
            try PhotoDecoding.admit(upload, maxPixels: maxPixels, targetSize: decodingSize)
            return (try finder.identify(photo: upload.data), upload.fileName)
        }
        var changes: [IngredientListChange] = []
        if add {
            // A request already answered 408 (past the request time limit) adds nothing.
            try Task.checkCancellation()
            changes = try await list.add(identification)
        }
        return try JSONResponse.make(KitchenIdentificationJSON(identification, file: fileName, changes: changes))
    }

    /// `?with=a,b&ranking=most-used|fewest-missing&ignore-pantry=true&diet=vegan&max-minutes=30&limit=10&source=auto`:
    /// `{"recipes": [match…]}` (empty when no ingredient is one recipes use); the ingredient
    /// list when `with` is absent.
    @Sendable func recipes(_ request: Request, context: some RequestContext) async throws -> Response {
        let kitchen = try services.kitchen
        let ingredients: [String]
        if let with = request.text("with") {
            ingredients = with.split(separator: ",").map(String.init)
        } else {
            ingredients = try await kitchen.ingredientList.names()
        }
        guard !ingredients.isEmpty else { throw KitchenError.noIngredients }
        guard ingredients.contains(where: { kitchen.knowledge.vocabulary.normalisedName($0) != nil }) else {
            return try JSONResponse.make(RecipeMatchesJSON([]))
        }
        let ranking = try Self.value(RecipeRanking.self, request, "ranking") ?? .mostUsed
        let source = try Self.value(RecipeSources.Choice.self, request, "source") ?? .automatic
        let diets = try request.uri.queryParameters.getAll("diet").map { raw in
            guard let diet = Diet(rawValue: String(raw)) else {
                throw APIError.invalid("diet must be one of \(Diet.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(raw)\".")
            }
            return diet
        }
        let maxMinutes = request.text("max-minutes") == nil ? nil : try request.integer("max-minutes", default: 0, in: 1 ... 1440)
        let searchRequest = RecipeSearchRequest(
            ingredients: ingredients, ranking: ranking, ignorePantryStaples: try request.flag("ignore-pantry", default: false),
            diets: Set(diets), maxReadyInMinutes: maxMinutes, limit: try request.integer("limit", default: 10, in: 1 ... 100))
        let matches = try await kitchen.recipeSources().searchProvider(source).findRecipes(searchRequest)
        let translations = try KitchenTranslations.bundled()
        let language = try request.language()
        return try JSONResponse.make(RecipeMatchesJSON(matches.map { translations.translating($0, to: language) }))
    }

    /// The recipe as `kitchen recipe --json` prints it, plus "favourite" and "have" (the
    /// ingredient-list names it uses); its texts in `?lang=`.
    @Sendable func recipe(_ request: Request, context: some RequestContext) async throws -> Response {
        let kitchen = try services.kitchen
        let recipe = try KitchenTranslations.bundled().translating(try await kitchen.recipeSources().recipe(id: try context.text("id")),
                                                                   to: try request.language())
        let have = await Set(try kitchen.ingredientList.names())
        return try await JSONResponse.make(RecipeJSON(recipe, favourite: try kitchen.favourites.contains(recipeID: recipe.id),
                                                ingredientList: have))
    }

    /// `{"favourites": [{"id", "title"}]}`
    /// `?lang=`: `{"favourites": [{"id", "title"}]}`, the titles in `lang`.
    @Sendable func favourites(_ request: Request, context: some RequestContext) async throws -> Response {
        let kitchen = try services.kitchen
        let ids = try await kitchen.favourites.recipeIDs()
        let (translations, language) = (try KitchenTranslations.bundled(), try request.language())
        return try JSONResponse.make(RecipeFavouritesJSON(ids: ids) {
            translations.recipeTitle(id: $0, in: language) ?? kitchen.knowledge.recipes.recipe(id: $0)?.title
        })
    }

    @Sendable func addFavourite(_ request: Request, context: some RequestContext) async throws -> Response {
        let id = try context.text("id")
        let added = try await services.kitchen.favourites.add(recipeID: id)
        return try JSONResponse.make(FavouriteChangeJSON.added(.recipe, id, changed: added))
    }

    @Sendable func removeFavourite(_ request: Request, context: some RequestContext) async throws -> Response {
        let id = try context.text("id")
        let removed = try await services.kitchen.favourites.remove(recipeID: id)
        return try JSONResponse.make(FavouriteChangeJSON.removed(.recipe, id, changed: removed))
    }

    /// `{"items": [item…]}` in the request's `?lang=`.
    private func shoppingListAnswer(_ items: [ShoppingListItem], for request: Request) throws -> Response {
        try JSONResponse.make(ShoppingListJSON(items, translations: KitchenTranslations.bundled(), language: request.language()))
    }

    /// `?lang=`
    @Sendable func shoppingList(_ request: Request, context: some RequestContext) async throws -> Response {
        try await shoppingListAnswer(try services.kitchen.shoppingList.items(), for: request)
    }

    /// Body `{"name": "milk", "amount": "1 l"}` or `{"recipe": "borscht", "ignore_pantry": true}`
    /// (the recipe's ingredients that are not on the ingredient list).
    @Sendable func addToShoppingList(_ request: Request, context: some RequestContext) async throws -> Response {
        let addition = try await JSONBody.decode(ShoppingAdditionBody.self, from: request, limit: services.configuration.maxJSONBytes)
        let kitchen = try services.kitchen
        if let recipeID = addition.recipe {
            let recipe = try await kitchen.recipeSources().recipe(id: recipeID)
            _ = try await kitchen.shoppingList.addMissing(of: recipe, have: try kitchen.ingredientList.names(),
                                                    ignorePantryStaples: addition.ignorePantry ?? false)
        } else if let name = addition.name {
            guard try await kitchen.shoppingList.add(name, amount: addition.amount) != nil else {
                throw APIError.invalid("The item is empty; give its name.")
            }
        } else {
            throw APIError.invalid("Give \"name\" (an item) or \"recipe\" (a recipe id whose missing ingredients to add).")
        }
        return try await shoppingListAnswer(try kitchen.shoppingList.items(), for: request)
    }

    /// Ticks an item off, or back on.
    @Sendable func toggleShoppingItem(_ request: Request, context: some RequestContext) async throws -> Response {
        let id = try context.id()
        let list = try services.kitchen.shoppingList
        guard try await list.toggleChecked(id: id) != nil else { throw APIError.notFound("There is no shopping list item #\(id).") }
        return try await shoppingListAnswer(try list.items(), for: request)
    }

    @Sendable func removeShoppingItem(_ request: Request, context: some RequestContext) async throws -> Response {
        let id = try context.id()
        let list = try services.kitchen.shoppingList
        guard try await list.remove(id: id) else { throw APIError.notFound("There is no shopping list item #\(id).") }
        return try await shoppingListAnswer(try list.items(), for: request)
    }

    /// `?checked=true` removes only the ticked-off items.
    @Sendable func clearShoppingList(_ request: Request, context: some RequestContext) async throws -> Response {
        let list = try services.kitchen.shoppingList
        _ = try await request.flag("checked", default: false) ? list.clearChecked() : list.clearAll()
        return try await shoppingListAnswer(try list.items(), for: request)
    }

    private static func value<Value: RawRepresentable & CaseIterable>(_ type: Value.Type, _ request: Request,
                                                                       _ name: String) throws -> Value? where Value.RawValue == String {
        guard let raw = request.text(name) else { return nil }
        guard let value = Value(rawValue: raw) else {
            throw APIError.invalid("\(name) must be one of \(Value.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(raw)\".")
        }
        return value
    }
}

/// `{"name": "Tomatoes "}`
package struct IngredientBody: Decodable {
    var name: String
}

/// `{"name": "milk", "amount": "1 l"}` or `{"recipe": "borscht", "ignore_pantry": true}`
package struct ShoppingAdditionBody: Decodable {
    var name: String?
    var amount: String?
    var recipe: String?
    var ignorePantry: Bool?

    enum CodingKeys: String, CodingKey {
        case name, amount, recipe
        case ignorePantry = "ignore_pantry"
    }
}
