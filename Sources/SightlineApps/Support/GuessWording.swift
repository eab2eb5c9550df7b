// GuessWording: how every app words an answer below its model's confidence threshold — "Not
// sure — maybe a lab coat (14%)?" — in the apps' three languages, so a guess never reads like
// a fact.

/// The sentences for answers the model is not sure of.
public enum GuessWording {
    /// "Not sure — maybe a lab coat (14%)?": `name` is the most likely class's display name in
    /// `language`, `confidence` its confidence (0…1, shown as a whole percentage).
    public static func notSure(maybe name: String, confidence: Double, in language: Language) -> String {
        let percent = language.percent(confidence, fractionDigits: 0)
        switch language {
        case .english: return "Not sure — maybe \(withArticle(name)) (\(percent))?"
        case .german: return "Nicht sicher – vielleicht \(name) (\(percent))?"
        case .ukrainian: return "Точно не знаю — можливо, \(name) (\(percent))?"
        }
    }

    /// An English name with "a" or "an" in front, except for names that read as plurals
    /// ("sunglasses") or do not start with a letter.
    static func withArticle(_ name: String) -> String {
        guard let first = name.first, first.isLetter else { return name }
        let lower = name.lowercased()
        if lower.hasSuffix("s") && !lower.hasSuffix("ss") && !lower.hasSuffix("us") { return name }
        let vowelSound = "aeiou".contains(lower.first!) && !lower.hasPrefix("uni") && !lower.hasPrefix("eu")
        return (vowelSound ? "an " : "a ") + name
    }
}
