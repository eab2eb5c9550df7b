// RecipeFormat: how the Kitchen commands show recipes — a search result with "With
// additional:", a recipe's details (time, ingredients with amounts, numbered steps) — and
// shopping list lines.
import Foundation
import SightlineApps
import SightlinePresentation

enum RecipeFormat {
    /// "Potato Pancakes (deruny)  [potato-pancakes]  40 min  vegetarian, dairy-free\n  Uses: potato, egg\n  With additional: onion, flour"
    static func match(_ match: RecipeMatch) -> String {
        var header = "\(match.title)  [\(match.id)]"
        if let minutes = match.readyInMinutes { header += "  \(minutes) min" }
        if !match.diets.isEmpty { header += "  " + match.diets.map(\.rawValue).joined(separator: ", ") }
        let uses = match.used.isEmpty ? "none of yours" : match.used.joined(separator: ", ")
        return [header, "  Uses: " + uses, "  " + match.additionalIngredientsText]
            .joined(separator: "\n")
    }

    /// The details page; ingredients on `have` are marked ✓.
    static func details(_ recipe: Recipe, have: Set<String>, isFavourite: Bool) -> String {
        var lines = [recipe.title + (isFavourite ? "  ★ favourite" : "")]
        var facts: [String] = []
        if let minutes = recipe.readyInMinutes { facts.append("Ready in \(minutes) min") }
        if let servings = recipe.servings { facts.append("\(servings) serving\(servings == 1 ? "" : "s")") }
        if let cuisine = recipe.cuisine { facts.append(cuisine) }
        if let course = recipe.course { facts.append(course) }
        if !recipe.diets.isEmpty { facts.append(recipe.diets.map(\.rawValue).joined(separator: ", ")) }
        if !facts.isEmpty { lines.append(facts.joined(separator: " · ")) }
        if let summary = recipe.summary { lines += ["", summary] }
        lines += ["", "Ingredients:"]
        lines += recipe.ingredients.isEmpty
            ? ["  (the source lists none)"]
            : recipe.ingredients.map { (have.contains($0.name) ? "  ✓ " : "  • ") + $0.displayText }
        lines += ["", "Steps:"]
        lines += recipe.numberedSteps.map { "  " + $0 }
        if let source = recipe.sourceURL { lines += ["", "Source: \(source)"] }
        return lines.joined(separator: "\n")
    }

    /// "#3 [ ] garlic — 2 cloves (Borscht)"
    static func shoppingLine(_ item: ShoppingListJSON.Item) -> String {
        var text = "#\(item.id ?? 0) [\(item.checked ? "x" : " ")] \(item.displayName)"
        if let amount = item.amount { text += " — \(amount)" }
        if let title = item.recipeTitle { text += " (\(title))" }
        return text
    }
}
