// BreedNameMatch: how well a search query matches a breed's name or alias — exact, prefix,
// word prefix or substring — comparing case-, accent- and punctuation-insensitively
// ("pixie bob" finds "Pixie-bob", "levkoy" finds "Ukrainian Levkoy").
import Foundation

/// How a query matched a name, best first; `BreedEncyclopaedia.search` ranks by it.
public enum BreedNameMatch: Int, Comparable, Sendable {
    /// The whole name ("maine coon" → "Maine Coon").
    case exact
    /// The start of the name ("maine" → "Maine Coon").
    case prefix
    /// The start of a later word of the name ("coon" → "Maine Coon").
    case wordPrefix
    /// Anywhere inside the name ("ain" → "Maine Coon").
    case substring

    public static func < (left: BreedNameMatch, right: BreedNameMatch) -> Bool {
        left.rawValue < right.rawValue
    }

    /// How `query` matches `name`, or nil when it does not. An empty query matches nothing.
    public static func of(query: String, in name: String) -> BreedNameMatch? {
        let query = searchKey(query)
        let name = searchKey(name)
        guard !query.isEmpty else { return nil }
        if name == query { return .exact }
        if name.hasPrefix(query) { return .prefix }
        if name.split(separator: " ").dropFirst().contains(where: { $0.hasPrefix(query) }) { return .wordPrefix }
        if name.contains(query) { return .substring }
        // "ragamuffin" for "RagaMuffin" is caught above; "raga muffin" and "pixiebob" only
        // match once the spaces are gone on both sides.
        let compactName = name.replacingOccurrences(of: " ", with: "")
        let compactQuery = query.replacingOccurrences(of: " ", with: "")
        if compactName == compactQuery { return .exact }
        if compactName.hasPrefix(compactQuery) { return .prefix }
        if compactName.contains(compactQuery) { return .substring }
        return nil
    }

    /// `text` lower-cased, without accents, with every run of characters other than letters
    /// and digits turned into one space, trimmed: "Pixie-bob" → "pixie bob", "Ségur" → "segur".
    public static func searchKey(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        var key = ""
        var pendingSpace = false
        for character in folded {
            if character.isLetter || character.isNumber {
                if pendingSpace && !key.isEmpty { key.append(" ") }
                key.append(character)
                pendingSpace = false
            } else {
                pendingSpace = true
            }
        }
        return key
    }
}
