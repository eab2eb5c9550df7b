// RecipeFavourites: the user's favourite recipes, kept in the store by recipe id — a bundled
// recipe's slug or a Spoonacular recipe's number.
public import Foundation
public import SightlineStore

/// Favourite recipes.
public struct RecipeFavourites: Sendable {
    public let favourites: any Favourites
    public let collection: RecipeCollection

    public init(store: any Store, collection: RecipeCollection) {
        self.favourites = store.favourites
        self.collection = collection
    }

    /// Marks a recipe as a favourite; true when it was not one yet.
    ///
    /// - Throws: `KitchenError.unknownRecipe` for an id that is neither a bundled recipe nor a
    ///   Spoonacular recipe number, or `StoreError`.
    @discardableResult
    public func add(recipeID: String, at date: Date = Date()) async throws -> Bool {
        guard collection.recipe(id: recipeID) != nil || SpoonacularRecipeProvider.spoonacularID(recipeID) != nil else {
            throw KitchenError.unknownRecipe(id: recipeID)
        }
        return try await favourites.add(kind: .recipe, key: recipeID, at: date)
    }

    /// Removes a favourite; false when it was not one.
    @discardableResult
    public func remove(recipeID: String) async throws -> Bool {
        try await favourites.remove(kind: .recipe, key: recipeID)
    }

    /// The favourite recipe ids, newest first.
    public func recipeIDs() async throws -> [String] {
        try await favourites.list(kind: .recipe).map(\.key)
    }

    /// Whether a recipe is a favourite.
    public func contains(recipeID: String) async throws -> Bool {
        try await favourites.isFavourite(kind: .recipe, key: recipeID)
    }
}
