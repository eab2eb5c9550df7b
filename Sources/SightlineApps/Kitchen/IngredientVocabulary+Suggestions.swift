// IngredientVocabulary+Suggestions: the known ingredients a word the vocabulary does not know
// may have meant — names and synonyms within a few typing mistakes of it (edit distance), or
// that start with it — so the Kitchen can refuse "tomatp" and offer "tomato".

extension IngredientVocabulary {
    /// Up to `limit` canonical names whose name or a synonym is closest to `text`: within one
    /// edit per four letters (at least one, at most three), or starting with it (three letters
    /// or more); nearest first, then by name.
    public func suggestions(for text: String, limit: Int = 3) -> [String] {
        let word = Array(Self.cleaned(text))
        guard !word.isEmpty else { return [] }
        let allowed = min(3, max(1, word.count / 4))
        var best: [String: Int] = [:]
        for entry in entries {
            for candidate in [entry.name] + entry.synonyms {
                let letters = Array(candidate)
                let distance = letters.starts(with: word) && word.count >= 3 ? 0
                    : Self.editDistance(word, letters, limit: allowed)
                guard let distance, distance <= allowed else { continue }
                best[entry.name] = min(best[entry.name] ?? .max, distance)
            }
        }
        return best.sorted { $0.value != $1.value ? $0.value < $1.value : $0.key < $1.key }.prefix(limit).map(\.key)
    }

    /// The Levenshtein distance between `a` and `b`, or nil once it must exceed `limit`.
    static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        var previous = Array(0 ... b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, right) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
            }
            guard current.min()! <= limit else { return nil }
            previous = current
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}
