// BreedPhoto: the credit that goes with an encyclopaedia entry's picture — who made the photo
// collection, under which licence — shown wherever the picture is. Encodes as
// {"credit", "licence", "licence_url"}.
import Foundation

/// The credit of one entry's installed picture.
public struct BreedPhoto: Encodable, Sendable, Hashable {
    /// The collection the photo comes from and its authors.
    public var credit: String
    /// The licence's short name ("CC BY-SA 4.0").
    public var licence: String
    /// Where the licence can be read.
    public var licenceURL: String

    public init(credit: String, licence: String, licenceURL: String) {
        self.credit = credit
        self.licence = licence
        self.licenceURL = licenceURL
    }

    private enum CodingKeys: String, CodingKey {
        case credit, licence
        case licenceURL = "licence_url"
    }
}
