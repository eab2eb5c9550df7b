// ShoppingListJSON: the Kitchen shopping list (`{"items": [item…]}`) and ingredient list
// (`{"ingredients": [name…]}`, with what adding to it did) as JSON, as the `kitchen` commands
// print them with --json and `/api/v1/kitchen/…` answers.
public import SightlineApps
public import SightlineStore

public struct ShoppingListJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "ShoppingList" }

    /// {"id", "name", "amount", "recipe_id", "recipe_title", "checked"}
    public struct Item: Encodable, Sendable {
        @Nullable public var id: Int64?
        public var name: String
        @Nullable public var amount: String?
        @Nullable public var recipeID: String?
        @Nullable public var recipeTitle: String?
        public var checked: Bool

        init(_ item: ShoppingListItem) {
            id = item.id
            name = item.name
            amount = item.amount
            recipeID = item.recipeID
            recipeTitle = item.recipeTitle
            checked = item.isChecked
        }

        private enum CodingKeys: String, CodingKey {
            case id, name, amount, recipeID = "recipe_id", recipeTitle = "recipe_title", checked
        }
    }

    public var items: [Item]

    public init(_ items: [ShoppingListItem]) {
        self.items = items.map(Item.init)
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
