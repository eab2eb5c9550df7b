// BreedEncyclopaediaEntry: an encyclopaedia page as the apps show it — the breed's facts, its
// name in the reader's language, whether the installed breed classifier can recognise it and
// whether it is a favourite, and the credit of its picture when one is installed. Encodes as the
// breed's keys followed by "display_name", "recognised_by_scanner", "favourite" and "photo"
// (null without a picture).
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
    /// The credit of the entry's installed picture; nil without one (see `BreedPhotos`).
    public var photo: BreedPhoto?

    public init(breed: CatBreed, isRecognisedByScanner: Bool, isFavourite: Bool, photo: BreedPhoto? = nil) {
        self.breed = breed
        displayName = breed.name
        self.isRecognisedByScanner = isRecognisedByScanner
        self.isFavourite = isFavourite
        self.photo = photo
    }

    public var id: String { breed.name }

    private enum CodingKeys: String, CodingKey {
        case displayName = "display_name"
        case isRecognisedByScanner = "recognised_by_scanner"
        case isFavourite = "favourite"
        case photo
    }

    public func encode(to encoder: Encoder) throws {
        try breed.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(isRecognisedByScanner, forKey: .isRecognisedByScanner)
        try container.encode(isFavourite, forKey: .isFavourite)
        try container.encode(photo, forKey: .photo)
    }
}
