// CatScanMessage: the line the Cat Scanner shows above its three breeds, chosen by the cat
// detector — the original app's two texts, in the apps' three languages.
import Foundation

/// Which of the two messages a scan shows.
public enum CatScanMessage: String, Sendable, Codable, CaseIterable {
    /// The detector judged the photo to show a cat.
    case isCat = "is-cat"
    /// It did not; the breeds are shown anyway, as the original app did.
    case notCat = "not-cat"

    /// The message for a detector verdict.
    public init(isCat: Bool) {
        self = isCat ? .isCat : .notCat
    }

    /// The text in every language; English is the original app's wording.
    public var localizedText: LocalizedText {
        switch self {
        case .isCat:
            LocalizedText(en: "This cat shares the features of:",
                          de: "Diese Katze hat die Merkmale von:",
                          uk: "Ця кішка має риси:")
        case .notCat:
            LocalizedText(en: "I don't think this is a cat but if it was it would be:",
                          de: "Ich glaube nicht, dass das eine Katze ist, aber wenn, dann wäre sie:",
                          uk: "Не думаю, що це кіт, але якби це був кіт, він був би:")
        }
    }

    /// The text in `language`.
    public func text(in language: Language = .english) -> String {
        localizedText.text(in: language)
    }
}
