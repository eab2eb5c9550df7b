// KitchenIngredientList: the Kitchen app's ingredient list as the original app kept it —
// lowercased, trimmed, empty and duplicate entries ignored, newest on top, delete one, clear
// all — with synonyms and plurals normalised, ambiguous and unknown words refused with what
// they may have meant, kept in the store.
public import Foundation
public import SightlineStore

/// The user's ingredient list.
public struct KitchenIngredientList: Sendable {
    public let ingredients: any KitchenIngredients
    public let vocabulary: IngredientVocabulary

    public init(store: any Store, vocabulary: IngredientVocabulary) {
        self.ingredients = store.kitchenIngredients
        self.vocabulary = vocabulary
    }

    /// Adds `text` normalised (see `IngredientVocabulary.normalisedName`) on top of the list.
    /// Empty text and names already on the list change nothing; a word that could mean several
    /// ingredients ("pepper") is refused with its meanings, one that names no known ingredient
    /// with the nearest known ones.
    @discardableResult
    public func add(_ text: String, at date: Date = Date()) async throws -> IngredientListChange {
        if text.unicodeScalars.contains("\u{0}") {
            throw StoreError.invalidValue(field: "ingredient name", reason: "it holds a NUL character (U+0000)")
        }
        if let meanings = vocabulary.meanings(of: text) { return .ambiguous(meanings: meanings) }
        guard let name = vocabulary.normalisedName(text) else { return .ignoredEmpty }
        guard vocabulary.contains(name) else { return .unknown(suggestions: vocabulary.suggestions(for: text)) }
        return try await ingredients.add(name, at: date) ? .added(name) : .alreadyOnList(name)
    }

    /// Adds what a photo identified confidently enough — the classifier's ingredient, or every
    /// ingredient the detector accepted, the most confident ending up on top — and returns what
    /// adding each did. A photo with only candidates adds nothing (the user picks one and adds it
    /// as text).
    @discardableResult
    public func add(_ identification: IngredientIdentification, at date: Date = Date()) async throws -> [IngredientListChange] {
        let names = identification.method == .detector ? identification.accepted.map(\.name)
            : identification.ingredient.map { [$0] } ?? []
        // Entries added at the same time are listed newest first, so the least sure goes in first.
        var changes: [IngredientListChange] = []
        for name in names.reversed() {
            changes.insert(try await add(name, at: date), at: 0)
        }
        return changes
    }

    /// Removes the entry `text` stands for: its normalised name, or failing that the text as
    /// cleaned (for entries saved before the vocabulary knew a word). Returns the removed
    /// name, or nil when neither was on the list.
    @discardableResult
    public func remove(_ text: String) async throws -> String? {
        guard let name = vocabulary.normalisedName(text) else { return nil }
        if try await ingredients.remove(name) { return name }
        let cleaned = IngredientVocabulary.cleaned(text)
        guard cleaned != name else { return nil }
        return try await ingredients.remove(cleaned) ? cleaned : nil
    }

    /// Empties the list; returns how many entries it had.
    @discardableResult
    public func clear() async throws -> Int {
        try await ingredients.clear()
    }

    /// The names on the list, newest first.
    public func names() async throws -> [String] {
        try await ingredients.list().map(\.name)
    }
}
