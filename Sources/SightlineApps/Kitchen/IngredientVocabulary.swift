// IngredientVocabulary: the Kitchen app's ingredient names (Resources/kitchen/ingredients.tsv),
// the words that could mean several of them (kitchen/ambiguous.tsv: "pepper") and how anything a
// user types or a classifier says becomes one list entry — lowercased, trimmed, synonyms
// (plurals, regional names, German and Ukrainian words) folded into the canonical name, a simple
// English plural stripped.
import Foundation

/// Canonical ingredient names with their categories and synonyms.
public struct IngredientVocabulary: Sendable {
    /// The bundled file inside the apps' Resources.
    public static let resourcePath = "kitchen/ingredients.tsv"
    /// The bundled file of words that could mean several ingredients.
    public static let ambiguousPath = "kitchen/ambiguous.tsv"

    /// One canonical ingredient.
    public struct Entry: Sendable, Hashable {
        /// Lowercase, singular, one spelling everywhere ("bell pepper").
        public var name: String
        public var category: IngredientCategory
        /// Words that mean the same ingredient ("pepper", "capsicum", "paprikaschote", "перець").
        public var synonyms: [String]

        public init(name: String, category: IngredientCategory, synonyms: [String]) {
            self.name = name
            self.category = category
            self.synonyms = synonyms
        }
    }

    /// Every entry, sorted by name.
    public let entries: [Entry]
    private let categoryByName: [String: IngredientCategory]
    private let nameBySynonym: [String: String]
    /// Words that could mean several canonical names ("pepper" → bell pepper, black pepper).
    public let ambiguous: [String: [String]]

    /// A vocabulary of `entries`.
    ///
    /// - Throws: `AppDataError.malformed` when a name or synonym is not in cleaned form
    ///   (see `cleaned`), a name appears twice, a synonym is a name or belongs to two names, or
    ///   an ambiguous word is a name or synonym or means fewer than two known names.
    public init(entries: [Entry], ambiguous: [String: [String]] = [:], source: String = IngredientVocabulary.resourcePath) throws {
        var categories: [String: IngredientCategory] = [:]
        for entry in entries {
            guard Self.cleaned(entry.name) == entry.name, !entry.name.isEmpty else {
                throw AppDataError.malformed(file: source, reason: "the name '\(entry.name)' is not lowercase and trimmed")
            }
            guard categories.updateValue(entry.category, forKey: entry.name) == nil else {
                throw AppDataError.malformed(file: source, reason: "'\(entry.name)' is listed twice")
            }
        }
        var synonyms: [String: String] = [:]
        for entry in entries {
            for synonym in entry.synonyms {
                guard Self.cleaned(synonym) == synonym, !synonym.isEmpty else {
                    throw AppDataError.malformed(file: source, reason:
                        "the synonym '\(synonym)' of \(entry.name) is not lowercase and trimmed")
                }
                guard categories[synonym] == nil else {
                    throw AppDataError.malformed(file: source, reason:
                        "'\(synonym)' is a synonym of \(entry.name) and a name of its own")
                }
                if let other = synonyms.updateValue(entry.name, forKey: synonym), other != entry.name {
                    throw AppDataError.malformed(file: source, reason: "'\(synonym)' is a synonym of both \(other) and \(entry.name)")
                }
            }
        }
        for (word, names) in ambiguous {
            guard Self.cleaned(word) == word, categories[word] == nil, synonyms[word] == nil else {
                throw AppDataError.malformed(file: Self.ambiguousPath, reason: "'\(word)' is not lowercase and trimmed, or is a name or synonym")
            }
            guard names.count >= 2, names.allSatisfy({ categories[$0] != nil }) else {
                throw AppDataError.malformed(file: Self.ambiguousPath, reason: "'\(word)' must name two or more known ingredients")
            }
        }
        self.entries = entries.sorted { $0.name < $1.name }
        self.categoryByName = categories
        self.nameBySynonym = synonyms
        self.ambiguous = ambiguous
    }

    /// The vocabulary bundled with the apps.
    ///
    /// - Throws: `AppDataError` when the file is missing or malformed.
    public static func bundled() throws -> IngredientVocabulary {
        let entries = try AppResources.tableRows(resourcePath).enumerated().map { offset, row in
            guard let name = row["name"], let categoryText = row["category"], let synonyms = row["synonyms"] else {
                throw AppDataError.malformed(file: resourcePath, reason: "the header must be name, category, synonyms")
            }
            guard let category = IngredientCategory(rawValue: categoryText) else {
                throw AppDataError.malformed(file: resourcePath, reason:
                    "line \(offset + 2): unknown category '\(categoryText)'")
            }
            return Entry(name: name, category: category,
                         synonyms: synonyms.split(separator: "|").map(String.init))
        }
        var ambiguous: [String: [String]] = [:]
        for row in try AppResources.tableRows(ambiguousPath) {
            guard let word = row["word"], let names = row["names"] else {
                throw AppDataError.malformed(file: ambiguousPath, reason: "the header must be word, names")
            }
            ambiguous[word] = names.split(separator: "|").map(String.init)
        }
        return try IngredientVocabulary(entries: entries, ambiguous: ambiguous)
    }

    /// The canonical names `text` could mean when it is an ambiguous word ("pepper"), else nil.
    public func meanings(of text: String) -> [String]? {
        ambiguous[Self.cleaned(text)]
    }

    /// Whether `name` is a canonical name.
    public func contains(_ name: String) -> Bool {
        categoryByName[name] != nil
    }

    /// The category of a canonical name, or nil for a free-text ingredient.
    public func category(of name: String) -> IngredientCategory? {
        categoryByName[name]
    }

    /// The canonical name that `text` is or is a synonym of (after cleaning), or nil.
    public func canonicalName(of text: String) -> String? {
        let key = Self.cleaned(text)
        if categoryByName[key] != nil { return key }
        return nameBySynonym[key]
    }

    /// What `text` becomes on the ingredient list, or nil when it is empty after trimming:
    ///
    /// 1. lowercased, trimmed, inner white space collapsed to one space;
    /// 2. a canonical name stays; a synonym becomes its name ("Eggs" → "egg", "capsicum" and
    ///    "pepper" → "bell pepper", "Kartoffeln" and "картопля" → "potato");
    /// 3. otherwise the last word's English plural is stripped ("kumquats" → "kumquat"),
    ///    and the result is looked up again ("red onions" → "onion" if it is a synonym).
    public func normalisedName(_ text: String) -> String? {
        let key = Self.cleaned(text)
        guard !key.isEmpty else { return nil }
        if let known = canonicalName(of: key) { return known }
        let candidates = EnglishPlural.singularCandidates(of: key)
        for candidate in candidates {
            if let known = canonicalName(of: candidate) { return known }
        }
        return candidates.first ?? key
    }

    /// `text` lowercased, trimmed and with every run of white space made one space, without
    /// invisible format characters (a byte-order mark, zero-width spaces and joiners, direction
    /// marks, soft hyphens: Unicode category Cf), which would make a name that looks the same
    /// another entry, and which a URL path may lose on the way to a delete.
    public static func cleaned(_ text: String) -> String {
        let visible = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.generalCategory != .format }))
        return visible.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
