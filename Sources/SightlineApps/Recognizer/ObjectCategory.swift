// ObjectCategory: one of the Object Recognizer's broad categories ("Fruit and vegetables",
// "Dogs", …) that its 1000 ImageNet classes are grouped into, with its name in every language.

/// A broad category of recognised objects, as listed in `recognizer/categories.tsv`.
public struct ObjectCategory: Sendable, Hashable, Codable, Identifiable {
    /// The stable key ("fruit-and-vegetables"); stored with saved captures.
    public var id: String
    /// The display name in English, German and Ukrainian.
    public var name: LocalizedText

    public init(id: String, name: LocalizedText) {
        self.id = id
        self.name = name
    }
}
