// BreedTranslations: the cat encyclopaedia in German and Ukrainian — each entry's name, summary,
// description, origin and health notes (cats/breeds.<lang>.json) and the words its lists use
// (temperament, coat colours and patterns: cats/terms.tsv) — read once, checked to cover every
// entry and word, and applied to an entry for the language a user reads.
import Foundation

/// The encyclopaedia's texts in the languages other than English.
public struct BreedTranslations: Sendable {
    /// One entry's texts in one language.
    public struct Texts: Codable, Sendable, Equatable {
        public var name: String
        public var summary: String
        public var description: String
        public var origin: String
        public var healthNotes: String

        private enum CodingKeys: String, CodingKey {
            case name, summary, description, origin
            case healthNotes = "health_notes"
        }
    }

    /// The file of entry texts for `language`.
    public static func textsFile(_ language: Language) -> String { "cats/breeds.\(language.rawValue).json" }
    /// The file of list words.
    public static let termsFile = "cats/terms.tsv"
    /// The kinds of words `termsFile` translates.
    public static let termKinds = ["temperament", "colour", "pattern", "length", "size", "entry-kind"]

    /// Entry name → texts, per translated language.
    public let texts: [Language: [String: Texts]]
    /// Term kind → English word → word per language.
    public let terms: [String: [String: LocalizedText]]

    public init(texts: [Language: [String: Texts]], terms: [String: [String: LocalizedText]]) {
        self.texts = texts
        self.terms = terms
    }

    /// The bundled translations, checked against the bundled encyclopaedia.
    ///
    /// - Throws: `AppDataError` for a missing or malformed file, or one that leaves an entry or
    ///   a word untranslated.
    public static func bundled() throws -> BreedTranslations {
        try bundledTranslations.get()
    }

    private static let bundledTranslations = Result {
        try BreedTranslations.read(checkingAgainst: BreedEncyclopaedia.bundled())
    }

    /// Reads the bundled files and checks that they translate every entry and list word of
    /// `encyclopaedia` into every language.
    static func read(checkingAgainst encyclopaedia: BreedEncyclopaedia) throws -> BreedTranslations {
        var texts: [Language: [String: Texts]] = [:]
        for language in Language.allCases where language != .english {
            let file = textsFile(language)
            let decoded: [String: Texts]
            do {
                decoded = try JSONDecoder().decode([String: Texts].self, from: AppResources.data(file))
            } catch let error as AppDataError {
                throw error
            } catch {
                throw AppDataError.malformed(file: file, reason: "\(error)")
            }
            if let missing = encyclopaedia.breeds.first(where: { decoded[$0.name] == nil }) {
                throw AppDataError.malformed(file: file, reason: "it has no entry for \(missing.name)")
            }
            if let extra = decoded.keys.sorted().first(where: { encyclopaedia.breed(named: $0)?.name != $0 }) {
                throw AppDataError.malformed(file: file, reason: "'\(extra)' is not an encyclopaedia entry")
            }
            if let empty = decoded.first(where: { [$0.value.name, $0.value.summary, $0.value.description, $0.value.origin,
                                                   $0.value.healthNotes].contains(where: \.isEmpty) }) {
                throw AppDataError.malformed(file: file, reason: "the entry for \(empty.key) has an empty text")
            }
            texts[language] = decoded
        }
        var terms: [String: [String: LocalizedText]] = [:]
        for (offset, row) in try AppResources.tableRows(termsFile).enumerated() {
            guard let kind = row["kind"], termKinds.contains(kind), let english = row["en"], !english.isEmpty,
                  let german = row["de"], !german.isEmpty, let ukrainian = row["uk"], !ukrainian.isEmpty else {
                throw AppDataError.malformed(file: termsFile, reason: "line \(offset + 2) needs a known kind and a word in en, de and uk")
            }
            terms[kind, default: [:]][english] = LocalizedText(en: english, de: german, uk: ukrainian)
        }
        let translations = BreedTranslations(texts: texts, terms: terms)
        for breed in encyclopaedia.breeds {
            let used = [("temperament", breed.temperament), ("colour", breed.coat.colours), ("pattern", breed.coat.pattern),
                        ("length", [breed.coat.length.rawValue]), ("size", [breed.size.rawValue]), ("entry-kind", [breed.kind.rawValue])]
            for (kind, words) in used {
                if let missing = words.first(where: { terms[kind]?[$0] == nil }) {
                    throw AppDataError.malformed(file: termsFile, reason: "the \(kind) '\(missing)' of \(breed.name) has no row")
                }
            }
        }
        return translations
    }

    /// The entry's name in `language` (its English name when untranslated).
    public func name(of breed: CatBreed, in language: Language) -> String {
        texts[language]?[breed.name]?.name ?? breed.name
    }

    /// A word of kind `kind` in `language` (the word itself when untranslated).
    public func term(_ word: String, kind: String, in language: Language) -> String {
        terms[kind]?[word]?.text(in: language) ?? word
    }

    /// `breed` with its texts and list words in `language`; its `name` (the id every page,
    /// favourite and classifier label uses) and the trait values filters compare stay English.
    public func translating(_ breed: CatBreed, to language: Language) -> CatBreed {
        guard language != .english else { return breed }
        var translated = breed
        if let texts = texts[language]?[breed.name] {
            translated.summary = texts.summary
            translated.description = texts.description
            translated.origin = texts.origin
            translated.healthNotes = texts.healthNotes
        }
        translated.temperament = breed.temperament.map { term($0, kind: "temperament", in: language) }
        translated.coat.colours = breed.coat.colours.map { term($0, kind: "colour", in: language) }
        translated.coat.pattern = breed.coat.pattern.map { term($0, kind: "pattern", in: language) }
        return translated
    }

    /// `entry` for a reader of `language`: its breed translated and its display name set.
    public func translating(_ entry: BreedEncyclopaediaEntry, to language: Language) -> BreedEncyclopaediaEntry {
        var translated = entry
        translated.breed = translating(entry.breed, to: language)
        translated.displayName = name(of: entry.breed, in: language)
        return translated
    }
}
