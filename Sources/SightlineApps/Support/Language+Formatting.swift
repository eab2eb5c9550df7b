// Language+Formatting: numbers and percentages written the way each of the apps' languages
// writes them ("87.3%", "87,3 %", "87,3%"), from the locale's own rules (CLDR, as the web app's
// Intl.NumberFormat uses), so the CLI, the API's texts and the web app agree.
public import Foundation

extension Language {
    /// The locale whose number rules the language's texts follow.
    public var locale: Locale {
        switch self {
        case .english: Locale(identifier: "en_US")
        case .german: Locale(identifier: "de_DE")
        case .ukrainian: Locale(identifier: "uk_UA")
        }
    }

    /// `fraction` (0…1) as a percentage with `fractionDigits` decimals: "87.3%" in English,
    /// "87,3 %" in German, "87,3%" in Ukrainian.
    public func percent(_ fraction: Double, fractionDigits: Int = 1) -> String {
        fraction.formatted(.percent.precision(.fractionLength(fractionDigits)).locale(locale))
    }

    /// `value` with up to `maximumFractionDigits` decimals and the language's separators.
    public func number(_ value: Double, maximumFractionDigits: Int = 2) -> String {
        value.formatted(.number.precision(.fractionLength(0 ... maximumFractionDigits)).locale(locale))
    }
}
