// KitchenTranslations: the Kitchen's content in German and Ukrainian — ingredient names with
// their plurals (kitchen/ingredient-names.tsv), units with their plural forms, cuisines, courses
// and diets (kitchen/terms.tsv), and every bundled recipe's title, summary, preparations and
// steps (kitchen/recipes.<lang>.json) — read once, checked to cover every ingredient, term and
// recipe, and applied for the language a user reads. Names used for matching stay English.
import Foundation

/// The Kitchen's texts in the apps' other languages.
public struct KitchenTranslations: Sendable {
    /// One recipe's texts in one language; one preparation per ingredient, in recipe order.
    public struct RecipeTexts: Codable, Sendable, Equatable {
        public var title: String
        public var summary: String
        public var preparations: [String]
        public var steps: [String]
    }

    /// A word in every language with the plural forms numbers need: English and German one/other,
    /// Ukrainian one (1, 21 …), few (2–4, 22–24 …) and many (5–20, 25 …, and fractions).
    public struct Forms: Sendable, Equatable {
        public var one: LocalizedText
        public var other: LocalizedText
        public var ukrainianFew: String
        public var ukrainianMany: String

        /// The form for `count` in `language` (nil: the singular, as in a list of names).
        public func text(for count: Double?, in language: Language) -> String {
            guard let count else { return one.text(in: language) }
            switch language {
            case .english, .german:
                return count == 1 ? one.text(in: language) : other.text(in: language)
            case .ukrainian:
                guard count == count.rounded() else { return ukrainianFew }
                let whole = Int(abs(count)) % 100
                if (11 ... 14).contains(whole) { return ukrainianMany }
                switch whole % 10 {
                case 1: return one.text(in: .ukrainian)
                case 2 ... 4: return ukrainianFew
                default: return ukrainianMany
                }
            }
        }
    }

    public static let ingredientNamesFile = "kitchen/ingredient-names.tsv"
    public static let termsFile = "kitchen/terms.tsv"
    /// The file of recipe texts for `language`.
    public static func recipesFile(_ language: Language) -> String { "kitchen/recipes.\(language.rawValue).json" }
    /// The kinds of words `termsFile` translates.
    public static let termKinds = ["unit", "cuisine", "course", "diet", "quantity"]

    /// Canonical ingredient name → its name (one) and plural (other) in every language.
    public let ingredients: [String: Forms]
    /// Term kind → id → forms.
    public let terms: [String: [String: Forms]]
    /// Language → recipe id → texts.
    public let recipes: [Language: [String: RecipeTexts]]

    public init(ingredients: [String: Forms], terms: [String: [String: Forms]], recipes: [Language: [String: RecipeTexts]]) {
        self.ingredients = ingredients
        self.terms = terms
        self.recipes = recipes
    }

    /// The bundled translations, checked against the bundled Kitchen data.
    ///
    /// - Throws: `AppDataError` for a missing or malformed file, or one that leaves an
    ///   ingredient, a unit, cuisine, course or diet, or a recipe untranslated.
    public static func bundled() throws -> KitchenTranslations {
        try bundledTranslations.get()
    }

    private static let bundledTranslations = Result {
        try KitchenTranslations.read(checkingAgainst: KitchenKnowledge.bundled())
    }

    static func read(checkingAgainst knowledge: KitchenKnowledge) throws -> KitchenTranslations {
        func malformed(_ file: String, _ reason: String) -> AppDataError { .malformed(file: file, reason: reason) }
        func field(_ row: [String: String], _ key: String, _ file: String, _ line: Int) throws -> String {
            guard let value = row[key], !value.isEmpty else { throw malformed(file, "line \(line) has no '\(key)'") }
            return value
        }
        var ingredients: [String: Forms] = [:]
        for (offset, row) in try AppResources.tableRows(ingredientNamesFile).enumerated() {
            let file = ingredientNamesFile, line = offset + 2
            let name = try field(row, "name", file, line)
            let pluralUK = try field(row, "uk_plural", file, line)
            ingredients[name] = Forms(
                one: LocalizedText(en: name, de: try field(row, "de", file, line), uk: try field(row, "uk", file, line)),
                other: LocalizedText(en: name, de: try field(row, "de_plural", file, line), uk: pluralUK),
                ukrainianFew: pluralUK, ukrainianMany: pluralUK)
        }
        if let missing = knowledge.vocabulary.entries.map(\.name).first(where: { ingredients[$0] == nil }) {
            throw malformed(ingredientNamesFile, "the ingredient '\(missing)' has no row")
        }
        var terms: [String: [String: Forms]] = [:]
        for (offset, row) in try AppResources.tableRows(termsFile).enumerated() {
            let file = termsFile, line = offset + 2
            let kind = try field(row, "kind", file, line)
            guard termKinds.contains(kind) else { throw malformed(file, "line \(line) has the unknown kind '\(kind)'") }
            terms[kind, default: [:]][try field(row, "id", file, line)] = Forms(
                one: LocalizedText(en: try field(row, "en", file, line), de: try field(row, "de", file, line),
                                   uk: try field(row, "uk", file, line)),
                other: LocalizedText(en: try field(row, "en_plural", file, line), de: try field(row, "de_plural", file, line),
                                     uk: try field(row, "uk_few", file, line)),
                ukrainianFew: try field(row, "uk_few", file, line), ukrainianMany: try field(row, "uk_many", file, line))
        }
        for recipe in knowledge.recipes.recipes {
            let used = [("cuisine", recipe.cuisine.map { [$0] } ?? []), ("course", recipe.course.map { [$0] } ?? []),
                        ("diet", recipe.diets.map(\.rawValue)), ("unit", recipe.ingredients.map(\.unit).filter { !$0.isEmpty })]
            for (kind, ids) in used {
                if let missing = ids.first(where: { terms[kind]?[$0] == nil }) {
                    throw malformed(termsFile, "the \(kind) '\(missing)' of the recipe \(recipe.id) has no row")
                }
            }
        }
        var recipes: [Language: [String: RecipeTexts]] = [:]
        for language in Language.allCases where language != .english {
            let file = recipesFile(language)
            let decoded: [String: RecipeTexts]
            do {
                decoded = try JSONDecoder().decode([String: RecipeTexts].self, from: AppResources.data(file))
            } catch let error as AppDataError {
                throw error
            } catch {
                throw malformed(file, "\(error)")
            }
            for recipe in knowledge.recipes.recipes {
                guard let texts = decoded[recipe.id] else { throw malformed(file, "it has no texts for the recipe \(recipe.id)") }
                guard texts.steps.count == recipe.steps.count, texts.preparations.count == recipe.ingredients.count,
                      !texts.title.isEmpty, !texts.summary.isEmpty, !texts.steps.contains(where: \.isEmpty) else {
                    throw malformed(file, "the texts of \(recipe.id) need a title, a summary, \(recipe.steps.count) steps "
                        + "and \(recipe.ingredients.count) preparations")
                }
            }
            recipes[language] = decoded
        }
        return KitchenTranslations(ingredients: ingredients, terms: terms, recipes: recipes)
    }

    /// An ingredient's name in `language`: the singular, or the form for `count` ("2 Tomaten";
    /// English keeps the canonical name). A name outside the vocabulary is returned as it is.
    public func ingredientName(_ name: String, in language: Language, count: Double? = nil) -> String {
        ingredients[name]?.text(for: count, in: language) ?? name
    }

    /// A unit, cuisine, course or diet in `language`, in the form for `count` (units after a
    /// number); the id itself when the table does not have it.
    public func term(_ id: String, kind: String, in language: Language, count: Double? = nil) -> String {
        terms[kind]?[id]?.text(for: count, in: language) ?? id
    }

    /// `recipe` for a reader of `language`: title, summary, steps, preparations, cuisine and
    /// course in that language, each ingredient with its display name and unit text. Its id
    /// and ingredient names (what matching, favourites and lists compare) stay English. A
    /// recipe without texts in that language (from another source) keeps its own.
    public func translating(_ recipe: Recipe, to language: Language) -> Recipe {
        var translated = recipe
        if language != .english, let texts = recipes[language]?[recipe.id] {
            translated.title = texts.title
            translated.summary = texts.summary
            translated.steps = texts.steps
            for index in translated.ingredients.indices where index < texts.preparations.count {
                translated.ingredients[index].preparation = texts.preparations[index]
            }
            translated.cuisine = recipe.cuisine.map { term($0, kind: "cuisine", in: language) }
            translated.course = recipe.course.map { term($0, kind: "course", in: language) }
        }
        for index in translated.ingredients.indices {
            let ingredient = translated.ingredients[index]
            let counted = ingredient.unit.isEmpty ? ingredient.amount : nil
            translated.ingredients[index].displayName = ingredientName(ingredient.name, in: language, count: counted)
            translated.ingredients[index].unitText = ingredient.unit.isEmpty ? ""
                : term(ingredient.unit, kind: "unit", in: language, count: ingredient.amount ?? 1)
        }
        return translated
    }

    /// A search result for a reader of `language`: the recipe's title in that language.
    public func translating(_ match: RecipeMatch, to language: Language) -> RecipeMatch {
        guard language != .english, let texts = recipes[language]?[match.id] else { return match }
        var translated = match
        translated.title = texts.title
        return translated
    }

    /// A shopping-list amount as it was stored — what a recipe line gives in English ("200 g",
    /// "2 cloves", "3", "1 cup + 2 tbsp") or what the user typed — in `language`: each
    /// "NUMBER [UNIT]" part with the number in the language's format and the unit's form for it
    /// ("2 Zehen", "0,5 л"); any other part as it is.
    public func amount(_ stored: String, in language: Language) -> String {
        guard language != .english else { return stored }
        return stored.components(separatedBy: " + ").map { part in
            let words = part.split(separator: " ", maxSplits: 1).map(String.init)
            guard let first = words.first, let count = Double(first), count.isFinite else { return part }
            let number = language.number(count)
            guard words.count == 2 else { return number }
            guard let unit = terms["unit"]?.first(where: { $0.value.one.en == words[1] || $0.value.other.en == words[1] })?.key else {
                return part
            }
            return "\(number) \(term(unit, kind: "unit", in: language, count: count))"
        }.joined(separator: " + ")
    }

    /// A recipe's title in `language`; nil for a recipe this table does not have.
    public func recipeTitle(id: String, in language: Language) -> String? {
        recipes[language]?[id]?.title
    }

    /// Every vocabulary ingredient's name in `language`, by canonical name.
    public func ingredientNames(in language: Language) -> [String: String] {
        ingredients.mapValues { $0.one.text(in: language) }
    }
}
