// CatScanResult: what one Cat Scanner scan finds — whether the photo shows a cat, the
// detector's confidence, the message that follows from it, the most likely breeds (at most
// three, none under 5 %) and whether the breed classifier is sure of the first — and the rules
// that turn classifier outputs into it. Encodes as
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
    /// Breeds less likely than this are not shown: a 2 % breed says nothing about the photo.
    public static let minimumBreedConfidence = 0.05

    /// Whether the cat detector judged the photo to show a cat (`catConfidence ≥ 0.5`).
    public var isCat: Bool
    /// The detector's probability for "cat", 0…1.
    public var catConfidence: Double
    /// The message shown above the breeds, following from `isCat`.
    public var message: CatScanMessage
    /// The most likely breeds, best first, at most three and none under 5 %; names are
    /// encyclopaedia names.
    public var breeds: [CatBreedMatch]
    /// Whether the breed classifier's first breed reaches its calibrated threshold.
    public var breedsSure: Bool

    public init(isCat: Bool, catConfidence: Double, message: CatScanMessage, breeds: [CatBreedMatch], breedsSure: Bool = true) {
        self.isCat = isCat
        self.catConfidence = catConfidence
        self.message = message
        self.breeds = breeds
        self.breedsSure = breedsSure
    }

    /// The original app's rules: the message follows the detector's verdict, and the breed
    /// classifier's results are kept either way, sorted by confidence (ties by name) and cut to
    /// the top three — leaving out breeds under `minimumBreedConfidence`.
    ///
    /// - Parameters:
    ///   - catConfidence: the detector's probability for "cat".
    ///   - breedObservations: the breed classifier's observations, in any order.
    ///   - breedRule: the breed classifier's confidence rule (`breedsSure`).
    public init(catConfidence: Double, breedObservations: [ClassificationObservation],
                breedRule: ConfidenceRule = ConfidenceRule(threshold: 0, calibrated: false)) {
        let isCat = catConfidence >= Self.catThreshold
        let ranked = breedObservations.sorted { left, right in
            left.confidence != right.confidence ? left.confidence > right.confidence : left.label < right.label
        }
        self.init(isCat: isCat, catConfidence: catConfidence, message: CatScanMessage(isCat: isCat),
                  breeds: ranked.prefix(Self.breedCount).filter { Double($0.confidence) >= Self.minimumBreedConfidence }.map {
                      CatBreedMatch(name: $0.label, confidence: Double($0.confidence))
                  },
                  breedsSure: ranked.first.map { breedRule.isSure(Double($0.confidence)) } ?? false)
    }

    /// The verdict a scan leads with, in `language`: "A cat", "A cat — not sure which breed" or
    /// "Not a cat" (the breeds of a non-cat are shown only when asked for).
    public func headline(in language: Language = .english) -> String {
        switch (isCat, breedsSure, language) {
        case (false, _, .english): "Not a cat"
        case (false, _, .german): "Keine Katze"
        case (false, _, .ukrainian): "Це не кіт"
        case (true, true, .english): "A cat"
        case (true, true, .german): "Eine Katze"
        case (true, true, .ukrainian): "Це кіт"
        case (true, false, .english): "A cat — not sure which breed"
        case (true, false, .german): "Eine Katze – die Rasse ist unsicher"
        case (true, false, .ukrainian): "Це кіт — породу точно не визначено"
        }
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
