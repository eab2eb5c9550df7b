// Language and LocalizedText: the three languages the apps speak (English, German, Ukrainian)
// and a text given in each of them, as the knowledge files store it ({"en": …, "de": …, "uk": …}).

/// A language of the apps' texts.
public enum Language: String, Sendable, Codable, CaseIterable, Hashable {
    case english = "en"
    case german = "de"
    case ukrainian = "uk"
}

/// One text in every language; English is the fallback for a missing translation.
public struct LocalizedText: Sendable, Codable, Hashable {
    public var en: String
    public var de: String?
    public var uk: String?

    public init(en: String, de: String? = nil, uk: String? = nil) {
        self.en = en
        self.de = de
        self.uk = uk
    }

    /// The text in `language`, or English when it has no translation.
    public func text(in language: Language) -> String {
        switch language {
        case .english: en
        case .german: de.flatMap { $0.isEmpty ? nil : $0 } ?? en
        case .ukrainian: uk.flatMap { $0.isEmpty ? nil : $0 } ?? en
        }
    }
}
