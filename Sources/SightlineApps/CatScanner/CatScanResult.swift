// CatScanResult: what one Cat Scanner scan finds — whether the photo shows a cat, the
// detector's confidence, the message that follows from it and the three most likely breeds —
// and the rules that turn classifier outputs into it. Encodes as
// {"is_cat", "cat_confidence", "message", "breeds": [{"name", "confidence"}]}.
import Foundation
public import SightlineStore
public import SightlineVision

/// The outcome of one scan.
public struct CatScanResult: Sendable, Equatable, Encodable {
    /// How many breeds a scan shows.
    public static let breedCount = 3
    /// The detector's "cat" probability from which a photo counts as a cat.
    public static let catThreshold = 0.5

    /// Whether the cat detector judged the photo to show a cat (`catConfidence ≥ 0.5`).
    public var isCat: Bool
    /// The detector's probability for "cat", 0…1.
    public var catConfidence: Double
    /// The message shown above the breeds, following from `isCat`.
    public var message: CatScanMessage
    /// The most likely breeds, best first, at most three; names are encyclopaedia names.
    public var breeds: [CatBreedMatch]

    public init(isCat: Bool, catConfidence: Double, message: CatScanMessage, breeds: [CatBreedMatch]) {
        self.isCat = isCat
        self.catConfidence = catConfidence
        self.message = message
        self.breeds = breeds
    }

    /// The original app's rules: the message follows the detector's verdict, and the breed
    /// classifier's results are shown either way, sorted by confidence (ties by name) and cut
    /// to the top three.
    ///
    /// - Parameters:
    ///   - catConfidence: the detector's probability for "cat".
    ///   - breedObservations: the breed classifier's observations, in any order.
    public init(catConfidence: Double, breedObservations: [ClassificationObservation]) {
        let isCat = catConfidence >= Self.catThreshold
        let ranked = breedObservations.sorted { left, right in
            left.confidence != right.confidence ? left.confidence > right.confidence : left.label < right.label
        }
        self.init(isCat: isCat, catConfidence: catConfidence, message: CatScanMessage(isCat: isCat),
                  breeds: ranked.prefix(Self.breedCount).map {
                      CatBreedMatch(name: $0.label, confidence: Double($0.confidence))
                  })
    }

    /// The message in `language` followed by one "<Breed>: <value>%" line per breed.
    public func lines(in language: Language = .english) -> [String] {
        [message.text(in: language)] + breeds.map(\.displayText)
    }

    private enum CodingKeys: String, CodingKey {
        case isCat = "is_cat"
        case catConfidence = "cat_confidence"
        case message, breeds
    }

    /// Encodes the English message text (the machine-readable output's "message").
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(isCat, forKey: .isCat)
        try container.encode(catConfidence, forKey: .catConfidence)
        try container.encode(message.text(in: .english), forKey: .message)
        try container.encode(breeds, forKey: .breeds)
    }
}
