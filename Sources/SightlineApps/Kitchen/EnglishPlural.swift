// EnglishPlural: the simple English plural rules the Kitchen list uses for words its
// vocabulary does not know ("kumquats" → "kumquat", "radishes" → "radish"), applied to the
// last word of a phrase only, leaving words such as "hummus", "couscous" and "glass" alone.
import Foundation

/// Singular forms of English plurals by suffix rules.
public enum EnglishPlural {
    /// Possible singulars of `phrase`'s last word, most likely first; empty when the word does
    /// not look like an English plural (three letters or fewer, or ending in -ss, -us or -is).
    ///
    ///     "cherries" → ["cherry", "cherrie"]     "tomatoes" → ["tomato", "tomatoe"]
    ///     "peaches"  → ["peach", "peache"]       "leaves"   → ["leave", "leaf", "leafe"]
    ///     "carrots"  → ["carrot"]                "green beans" → ["green bean"]
    public static func singularCandidates(of phrase: String) -> [String] {
        let lastSpace = phrase.lastIndex(of: " ")
        let head = lastSpace.map { String(phrase[...$0]) } ?? ""
        let word = lastSpace.map { String(phrase[phrase.index(after: $0)...]) } ?? phrase
        return singularCandidates(ofWord: word).map { head + $0 }
    }

    /// The most likely singular of `phrase` (its last word singularised), or `phrase` itself.
    public static func singular(of phrase: String) -> String {
        singularCandidates(of: phrase).first ?? phrase
    }

    private static let sibilantEndings = ["ches", "shes", "sses", "xes", "zes"]
    private static let vowels: Set<Character> = ["a", "e", "i", "o", "u"]

    static func singularCandidates(ofWord word: String) -> [String] {
        guard word.count > 3, word.hasSuffix("s"),
              !word.hasSuffix("ss"), !word.hasSuffix("us"), !word.hasSuffix("is") else { return [] }
        let withoutS = String(word.dropLast())
        if word.hasSuffix("ies"), word.count >= 5,
           let beforeSuffix = word.dropLast(3).last, !vowels.contains(beforeSuffix) {
            return [String(word.dropLast(3)) + "y", withoutS]
        }
        if word.hasSuffix("oes") {
            return [String(word.dropLast(2)), withoutS]
        }
        if sibilantEndings.contains(where: word.hasSuffix) {
            return [String(word.dropLast(2)), withoutS]
        }
        if word.hasSuffix("ves") {
            let stem = String(word.dropLast(3))
            return [withoutS, stem + "f", stem + "fe"]
        }
        return [withoutS]
    }
}
