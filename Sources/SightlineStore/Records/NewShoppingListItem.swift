// NewShoppingListItem: what the Kitchen app asks to put on the shopping list — a name, an
// optional amount and the recipe it is for — before the store merges it into the list.
import Foundation

/// An item to put on the shopping list, typically a missing ingredient of a recipe.
public struct NewShoppingListItem: Sendable, Equatable {
    public var name: String
    public var amount: String?
    public var recipeID: String?
    public var recipeTitle: String?

    public init(name: String, amount: String? = nil, recipeID: String? = nil, recipeTitle: String? = nil) {
        self.name = name
        self.amount = amount
        self.recipeID = recipeID
        self.recipeTitle = recipeTitle
    }
}
