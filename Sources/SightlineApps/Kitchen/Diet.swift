// Diet: the diet tags a recipe can carry (vegetarian, vegan, gluten-free, dairy-free), in the
// order the recipe collection lists them; the rules behind them are in Resources/kitchen/README.md.

/// A diet a recipe suits.
public enum Diet: String, Sendable, Codable, CaseIterable, Comparable {
    case vegetarian
    case vegan
    case glutenFree = "gluten-free"
    case dairyFree = "dairy-free"

    /// The collection's order: vegetarian, vegan, gluten-free, dairy-free.
    public static func < (left: Diet, right: Diet) -> Bool {
        allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
    }
}
