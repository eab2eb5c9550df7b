// KitchenArguments: the Kitchen app's value types as command-line arguments — `--ranking`,
// `--diet`, `--source` — and the shared loading of its data, store and recipe sources.
import ArgumentParser
import SightlineApps
import SightlineStore

extension RecipeRanking: ExpressibleByArgument {}

extension Diet: ExpressibleByArgument {}

extension RecipeSources.Choice: ExpressibleByArgument {}

/// What a Kitchen command works with: the bundled knowledge and the store.
struct KitchenContext {
    let knowledge: KitchenKnowledge
    let store: Store

    static func open() throws -> KitchenContext {
        KitchenContext(knowledge: try KitchenKnowledge.bundled(), store: try AppDataStore.open())
    }

    var ingredientList: KitchenIngredientList {
        KitchenIngredientList(store: store, vocabulary: knowledge.vocabulary)
    }

    var shoppingList: KitchenShoppingList {
        KitchenShoppingList(store: store, vocabulary: knowledge.vocabulary, pantryStaples: knowledge.pantryStaples)
    }

    var favourites: RecipeFavourites {
        RecipeFavourites(store: store, collection: knowledge.recipes)
    }

    /// The bundled recipes and, with $SPOONACULAR_API_KEY set, Spoonacular.
    func recipeSources() throws -> RecipeSources {
        RecipeSources(knowledge: knowledge, spoonacular: try SpoonacularClient.fromEnvironment())
    }

    /// {"ingredients": [...]}: the list after a change, for --json.
    func ingredientListJSON() throws -> JSONLine {
        .object([("ingredients", .array(try ingredientList.names().map { .string($0) }))])
    }
}
