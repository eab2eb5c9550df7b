// RecipeIngredient: one line of a recipe's ingredients — canonical name, amount, unit and
// preparation, and for a reader of another language its name and unit in that language — and
// how it reads ("200 g flour, sifted", "2 cloves garlic", "salt, to taste").
import Foundation

/// One ingredient of a recipe.
public struct RecipeIngredient: Codable, Sendable, Hashable {
    /// The canonical ingredient name (see `IngredientVocabulary`).
    public var name: String
    /// The amount, or nil for "to taste" / "to serve".
    public var amount: Double?
    /// "" for a count (2 onions), otherwise g, kg, ml, l, tsp, tbsp, cup, pinch, clove, slice,
    /// can, bunch, sprig or handful (online recipes may use other units).
    public var unit: String
    /// Free text such as "peeled and diced"; may be empty.
    public var preparation: String
    /// The name in the reader's language, in the form the amount needs; nil in the data files
    /// (set by `KitchenTranslations`).
    public var displayName: String?
    /// The unit in the reader's language, in the form the amount needs ("Zehen"); nil in the
    /// data files.
    public var unitText: String?

    public init(name: String, amount: Double?, unit: String = "", preparation: String = "") {
        self.name = name
        self.amount = amount
        self.unit = unit
        self.preparation = preparation
    }

    private enum CodingKeys: String, CodingKey {
        case name, amount, unit, preparation
        case displayName = "display_name"
        case unitText = "unit_text"
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(amount, forKey: .amount)
        try container.encode(unit, forKey: .unit)
        try container.encode(preparation, forKey: .preparation)
        try container.encodeIfPresent(displayName, forKey: .displayName)
        try container.encodeIfPresent(unitText, forKey: .unitText)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        amount = try container.decodeIfPresent(Double.self, forKey: .amount)
        unit = try container.decodeIfPresent(String.self, forKey: .unit) ?? ""
        preparation = try container.decodeIfPresent(String.self, forKey: .preparation) ?? ""
    }

    /// Units that count things and take a plural ("2 cloves").
    private static let countedUnits: Set<String> = ["cup", "pinch", "clove", "slice", "can", "bunch", "sprig", "handful"]

    /// The amount with its unit ("200 g", "2 cloves", "0.5", "3"; "2 Zehen" with a translated
    /// `unitText`), or nil when there is no amount.
    public var amountText: String? {
        guard let amount else { return nil }
        let number = Self.numberText(amount)
        guard !unit.isEmpty else { return number }
        if let unitText, !unitText.isEmpty { return "\(number) \(unitText)" }
        let pluralUnit = amount > 1 && Self.countedUnits.contains(unit)
            ? (unit.hasSuffix("ch") ? unit + "es" : unit + "s")
            : unit
        return "\(number) \(pluralUnit)"
    }

    /// The line as a recipe shows it: "200 g flour, sifted", "2 × egg", "salt, to taste".
    public var displayText: String {
        let quantity = amountText.map { unit.isEmpty ? $0 + " × " : $0 + " " } ?? ""
        let preparation = preparation.isEmpty ? "" : ", " + preparation
        return quantity + (displayName ?? name) + preparation
    }

    /// 2 → "2", 0.5 → "0.5", 1.25 → "1.25".
    static func numberText(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int(value))
        }
        return String(format: "%g", value)
    }
}
