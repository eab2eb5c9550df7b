// PantryStaples: the ingredients "ignore pantry staples" leaves out of recipe searches —
// salt, pepper, oil, water, sugar, flour as canonical names (Resources/kitchen/pantry-staples.txt).
import Foundation

/// Ingredients assumed to be in every kitchen.
public struct PantryStaples: Sendable, Hashable {
    /// The bundled file inside the apps' Resources.
    public static let resourcePath = "kitchen/pantry-staples.txt"

    /// Canonical names.
    public let names: Set<String>

    public init(names: Set<String>) {
        self.names = names
    }

    /// The staples bundled with the apps, checked against `vocabulary`.
    ///
    /// - Throws: `AppDataError` when the file is missing or names an unknown ingredient.
    public static func bundled(vocabulary: IngredientVocabulary) throws -> PantryStaples {
        let names = try AppResources.text(resourcePath).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        for name in names where !vocabulary.contains(name) {
            throw AppDataError.malformed(file: resourcePath, reason: "'\(name)' is not a name in \(IngredientVocabulary.resourcePath)")
        }
        return PantryStaples(names: Set(names))
    }

    public func contains(_ name: String) -> Bool {
        names.contains(name)
    }
}
