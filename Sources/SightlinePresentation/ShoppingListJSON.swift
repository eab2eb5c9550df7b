// ShoppingListJSON: the Kitchen shopping list (`{"items": [item…]}`, each item's name, amount and
// recipe title also in the reader's language) and ingredient list (`{"ingredients": [name…]}`,
// with what adding to it did) as JSON, as the `kitchen` commands print them with --json and
// `/api/v1/kitchen/…` answers.
public import SightlineApps
public import SightlineStore

public struct ShoppingListJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "ShoppingList" }

    /// {"id", "name", "display_name", "amount", "recipe_id", "recipe_title", "checked"}: `name`
    /// as stored (the canonical ingredient name, or the words typed); `display_name`, `amount`
    /// and `recipe_title` in the reader's language.
    public struct Item: Encodable, Sendable {
        @Nullable public var id: Int64?
        public var name: String
        public var displayName: String
        @Nullable public var amount: String?
        @Nullable public var recipeID: String?
        @Nullable public var recipeTitle: String?
        public var checked: Bool

        init(_ item: ShoppingListItem, translations: KitchenTranslations?, language: Language) {
            id = item.id
            name = item.name
            displayName = translations?.ingredientName(item.name, in: language) ?? item.name
            amount = item.amount.map { translations?.amount($0, in: language) ?? $0 }
            recipeID = item.recipeID
            recipeTitle = item.recipeID.flatMap { translations?.recipeTitle(id: $0, in: language) } ?? item.recipeTitle
            checked = item.isChecked
        }

        private enum CodingKeys: String, CodingKey {
            case id, name, displayName = "display_name", amount, recipeID = "recipe_id", recipeTitle = "recipe_title", checked
        }
    }

    public var items: [Item]

    /// The list for a reader of `language` (`translations` nil: as stored).
    public init(_ items: [ShoppingListItem], translations: KitchenTranslations? = nil, language: Language = .english) {
        self.items = items.map { Item($0, translations: translations, language: language) }
    }
}

/// `{"ingredients": [name…]}`: the ingredient list, newest first.
public struct IngredientListJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "IngredientList" }

    public var ingredients: [String]

    public init(_ names: [String]) {
        ingredients = names
    }
}

/// `{"text", "name", "result"}`: what adding one text to the ingredient list did — "name" is the
/// canonical name (null for an empty text), "result" one of added, already-on-list, ignored-empty.
/// `{"names": {"tomato": "Tomate", …}}`: every vocabulary ingredient's name in one language.
public struct IngredientNamesJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "IngredientNames" }

    public var names: [String: String]

    public init(_ names: [String: String]) {
        self.names = names
    }
}

/// `{"text", "name", "result", "options"}`: what adding one text did; "options" are the
/// ingredients an ambiguous or unknown word may have meant.
public struct IngredientChangeJSON: Encodable, Sendable {
    public var text: String
    @Nullable public var name: String?
    public var result: String
    public var options: [String]

    public init(text: String, change: IngredientListChange) {
        self.text = text
        name = change.name
        result = switch change {
        case .added: "added"
        case .alreadyOnList: "already-on-list"
        case .ignoredEmpty: "ignored-empty"
        case .ambiguous: "ambiguous"
        case .unknown: "unknown"
        }
        options = change.options
    }
}

/// `{"change": {…}, "ingredients": [name…]}`: one ingredient added over the API.
public struct IngredientAddedJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "IngredientAdded" }

    public var change: IngredientChangeJSON
    public var ingredients: [String]

    public init(change: IngredientChangeJSON, ingredients: [String]) {
        self.change = change
        self.ingredients = ingredients
    }
}

/// `{"changes": [{…}], "ingredients": [name…]}`: several added by `sightline kitchen add --json`.
public struct IngredientsAddedJSON: JSONAnswer, Sendable {
    public var changes: [IngredientChangeJSON]
    public var ingredients: [String]

    public init(changes: [IngredientChangeJSON], ingredients: [String]) {
        self.changes = changes
        self.ingredients = ingredients
    }
}
