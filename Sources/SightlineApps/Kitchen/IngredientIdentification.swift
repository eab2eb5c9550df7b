// IngredientIdentification: what the ingredient classifier made of a photo under the original
// app's rule — an ingredient only at confidence ≥ 0.8, otherwise the top three to pick from —
// never "nothing found" or an error as an ingredient. Encodes as
// {"ingredient": name or null, "confidence", "candidates": [{"name", "confidence"}]}.
import Foundation
import SightlineVision

/// One ingredient the classifier proposes, with its confidence.
public struct IngredientCandidate: Codable, Sendable, Hashable {
    /// A normalised ingredient name.
    public var name: String
    /// 0…1.
    public var confidence: Double

    public init(name: String, confidence: Double) {
        self.name = name
        self.confidence = confidence
    }
}

/// The outcome of identifying an ingredient in a photo.
public struct IngredientIdentification: Encodable, Sendable, Hashable {
    /// The confidence from which the best class is taken as the ingredient (the original's 0.8).
    public static let acceptanceThreshold = 0.8
    /// How many candidates are offered.
    public static let candidateCount = 3

    /// The identified ingredient, or nil when the classifier was not confident enough.
    public var ingredient: String?
    /// The best candidate's confidence (0 when there is none).
    public var confidence: Double
    /// The best classes, most confident first, at most three; the user picks from these when
    /// `ingredient` is nil.
    public var candidates: [IngredientCandidate]

    public init(ingredient: String?, confidence: Double, candidates: [IngredientCandidate]) {
        self.ingredient = ingredient
        self.confidence = confidence
        self.candidates = candidates
    }

    /// The rule applied to classifier observations: labels are normalised through
    /// `vocabulary`; labels that normalise to the same name are merged (confidences added);
    /// the best candidate becomes the ingredient when its confidence is at least 0.8.
    public init(observations: [ClassificationObservation], vocabulary: IngredientVocabulary) {
        var merged: [(name: String, confidence: Double)] = []
        for observation in observations {
            guard let name = vocabulary.normalisedName(observation.label) else { continue }
            if let index = merged.firstIndex(where: { $0.name == name }) {
                merged[index].confidence += Double(observation.confidence)
            } else {
                merged.append((name, Double(observation.confidence)))
            }
        }
        merged.sort { $0.confidence != $1.confidence ? $0.confidence > $1.confidence : $0.name < $1.name }
        let candidates = merged.prefix(Self.candidateCount).map {
            IngredientCandidate(name: $0.name, confidence: min($0.confidence, 1))
        }
        let best = candidates.first
        self.init(ingredient: best.flatMap { $0.confidence >= Self.acceptanceThreshold ? $0.name : nil },
                  confidence: best?.confidence ?? 0, candidates: candidates)
    }

    private enum CodingKeys: String, CodingKey {
        case ingredient, confidence, candidates
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ingredient, forKey: .ingredient)
        try container.encode(confidence, forKey: .confidence)
        try container.encode(candidates, forKey: .candidates)
    }
}
