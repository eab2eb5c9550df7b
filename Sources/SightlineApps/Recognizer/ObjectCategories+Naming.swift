// ObjectCategories+Naming: which class labels and categories a word names in one of the apps'
// languages — how a German "Katze" or a Ukrainian "піца" finds the photos the index labelled
// in English ("tabby cat", "pizza").
import Foundation

extension ObjectCategories {
    /// The class labels (as the model and the index spell them) and the category ids whose
    /// display name in `language` contains `text`, ignoring case and accents ("kase" names
    /// Käse), in class and display order.
    public func names(containing text: String, in language: Language) -> (labels: [String], categories: [String]) {
        let word = text.trimmingCharacters(in: .whitespaces)
        guard !word.isEmpty else { return ([], []) }
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        let labels = zip(classLabels, labelNames)
            .filter { $0.1.text(in: language).range(of: word, options: options) != nil }
            .map(\.0)
        let categories = categories
            .filter { $0.name.text(in: language).range(of: word, options: options) != nil }
            .map(\.id)
        return (labels, categories)
    }
}
