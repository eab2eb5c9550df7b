// IngredientCategory: the kind of food an ingredient is (the `category` column of
// Resources/kitchen/ingredients.tsv), used by the diet rules and for grouping.

/// What kind of food an ingredient is.
public enum IngredientCategory: String, Sendable, Codable, CaseIterable {
    case vegetable, fruit, grain, bakery, dairy, egg, meat, fish, legume, nut, herb, spice, oil
    case condiment, sweetener, liquid, other
}
