// ShoppingListJSON: the Kitchen shopping list and ingredient list as JSON, as the `kitchen`
// commands print them with --json and `/api/v1/kitchen/…` answers.
import SightlineStore

public enum ShoppingListJSON {
    /// `{"items": [item…]}`
    public static func list(_ items: [ShoppingListItem]) -> JSONLine {
        .object([("items", .array(items.map(item)))])
    }

    /// {"id", "name", "amount", "recipe_id", "recipe_title", "checked"}
    public static func item(_ item: ShoppingListItem) -> JSONLine {
        .object([
            ("id", item.id.map { .integer(Int($0)) } ?? .null),
            ("name", .string(item.name)),
            ("amount", item.amount.map { .string($0) } ?? .null),
            ("recipe_id", item.recipeID.map { .string($0) } ?? .null),
            ("recipe_title", item.recipeTitle.map { .string($0) } ?? .null),
            ("checked", .bool(item.isChecked)),
        ])
    }

    /// `{"ingredients": [name…]}`: the ingredient list, newest first.
    public static func ingredients(_ names: [String]) -> JSONLine {
        .object([("ingredients", .array(names.map { .string($0) }))])
    }
}
