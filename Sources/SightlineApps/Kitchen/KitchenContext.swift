// KitchenContext: what the Kitchen's commands and web routes work with — the bundled
// knowledge and the store — and the lists, favourites and recipe sources made from them.
public import SightlineStore

/// What the Kitchen works with: the bundled knowledge and the store.
public struct KitchenContext: Sendable {
    public let knowledge: KitchenKnowledge
    public let store: any Store

    public init(knowledge: KitchenKnowledge, store: any Store) {
        self.knowledge = knowledge
        self.store = store
    }

    public var ingredientList: KitchenIngredientList {
        KitchenIngredientList(store: store, vocabulary: knowledge.vocabulary)
    }

    public var shoppingList: KitchenShoppingList {
        KitchenShoppingList(store: store, vocabulary: knowledge.vocabulary, pantryStaples: knowledge.pantryStaples)
    }

    public var favourites: RecipeFavourites {
        RecipeFavourites(store: store, collection: knowledge.recipes)
    }

    /// The bundled recipes and, with $SPOONACULAR_API_KEY set, Spoonacular.
    public func recipeSources() throws -> RecipeSources {
        RecipeSources(knowledge: knowledge, spoonacular: try SpoonacularClient.fromEnvironment())
    }
}
