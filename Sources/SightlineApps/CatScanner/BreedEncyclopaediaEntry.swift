// BreedEncyclopaediaEntry: an encyclopaedia page as the apps show it — the breed's facts, its
// name in the reader's language, whether the installed breed classifier can recognise it and
// whether it is a favourite. Encodes as the breed's keys followed by "display_name",
// "recognised_by_scanner" and "favourite".
import Foundation

/// One encyclopaedia page.
public struct BreedEncyclopaediaEntry: Encodable, Sendable, Hashable, Identifiable {
    public var breed: CatBreed
    /// The name to show (`breed.name` in English; see `BreedTranslations`).
    public var displayName: String
    /// Whether the installed breed classifier has this entry's name as a label.
    public var isRecognisedByScanner: Bool
    /// Whether the user marked it as a favourite.
    public var isFavourite: Bool

    public init(breed: CatBreed, isRecognisedByScanner: Bool, isFavourite: Bool) {
        self.breed = breed
        displayName = breed.name
        self.isRecognisedByScanner = isRecognisedByScanner
        self.isFavourite = isFavourite
    }

    public var id: String { breed.name }

    private enum CodingKeys: String, CodingKey {
        case displayName = "display_name"
        case isRecognisedByScanner = "recognised_by_scanner"
        case isFavourite = "favourite"
    }

    public func encode(to encoder: Encoder) throws {
        try breed.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(isRecognisedByScanner, forKey: .isRecognisedByScanner)
        try container.encode(isFavourite, forKey: .isFavourite)
    }
}
