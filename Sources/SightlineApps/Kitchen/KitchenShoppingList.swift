// KitchenShoppingList: the shopping list built from recipes' missing ingredients — each with
// its amount and recipe, merged with what is already on the list (one line per ingredient) —
// plus free-text items, ticking off, removing and clearing, kept in the store.
public import Foundation
public import SightlineStore

/// The user's shopping list.
public struct KitchenShoppingList: Sendable {
    public let list: any ShoppingList
    public let vocabulary: IngredientVocabulary
    public let pantryStaples: PantryStaples

    public init(store: any Store, vocabulary: IngredientVocabulary, pantryStaples: PantryStaples) {
        self.list = store.shoppingList
        self.vocabulary = vocabulary
        self.pantryStaples = pantryStaples
    }

    /// The items `recipe` still needs when `have` is at hand: each of its ingredients not in
    /// `have` (normalised), with its amount ("200 g") and the recipe. An ingredient listed
    /// twice in the recipe becomes one item. With `ignorePantryStaples`, staples are left out.
    public func missingItems(of recipe: Recipe, have: [String], ignorePantryStaples: Bool = false) -> [NewShoppingListItem] {
        let haveNames = Set(have.compactMap(vocabulary.normalisedName))
        var items: [NewShoppingListItem] = []
        for ingredient in recipe.ingredients {
            let name = vocabulary.normalisedName(ingredient.name) ?? ingredient.name
            guard !haveNames.contains(name), !(ignorePantryStaples && pantryStaples.contains(name)) else { continue }
            let item = NewShoppingListItem(name: name, amount: ingredient.amountText, recipeID: recipe.id,
                                           recipeTitle: recipe.title)
            if let index = items.firstIndex(where: { $0.name == name }) {
                items[index].amount = Self.joined(items[index].amount, item.amount)
            } else {
                items.append(item)
            }
        }
        return items
    }

    /// Puts `recipe`'s missing ingredients on the list (see `missingItems`); the store merges
    /// an ingredient already on the list into its line. Returns the items asked for and how
    /// many new lines they made.
    @discardableResult
    public func addMissing(of recipe: Recipe, have: [String], ignorePantryStaples: Bool = false,
                           at date: Date = Date()) async throws -> (items: [NewShoppingListItem], newLines: Int) {
        let items = missingItems(of: recipe, have: have, ignorePantryStaples: ignorePantryStaples)
        return (items, try await list.add(items, at: date))
    }

    /// Adds a free-text item, normalised like the ingredient list; empty text adds nothing and
    /// returns nil, otherwise returns the normalised name.
    @discardableResult
    public func add(_ text: String, amount: String? = nil, at date: Date = Date()) async throws -> String? {
        guard let name = vocabulary.normalisedName(text) else { return nil }
        let amount = amount?.trimmingCharacters(in: .whitespacesAndNewlines)
        try await list.add([NewShoppingListItem(name: name, amount: amount?.isEmpty == false ? amount : nil)], at: date)
        return name
    }

    /// The list in the order items were first added.
    public func items() async throws -> [ShoppingListItem] {
        try await list.list()
    }

    /// Ticks an item off or on; its new state, or nil when there is no such item.
    @discardableResult
    public func toggleChecked(id: Int64) async throws -> Bool? {
        try await list.toggleChecked(id: id)
    }

    /// Removes one item; false when there is no such item.
    @discardableResult
    public func remove(id: Int64) async throws -> Bool {
        try await list.remove(id: id)
    }

    /// Removes the ticked items; returns how many.
    @discardableResult
    public func clearChecked() async throws -> Int {
        try await list.clearChecked()
    }

    /// Empties the list; returns how many items it had.
    @discardableResult
    public func clearAll() async throws -> Int {
        try await list.clearAll()
    }

    /// Two amounts of one ingredient as one text, the way the store merges them.
    private static func joined(_ first: String?, _ second: String?) -> String? {
        switch (first, second) {
        case let (first?, second?): first == second ? first : first + " + " + second
        case let (first, nil): first
        case let (nil, second): second
        }
    }
}
