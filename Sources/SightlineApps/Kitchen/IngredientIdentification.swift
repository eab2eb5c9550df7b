// IngredientIdentification: what the Kitchen made of a photo under the original app's rule — an
// ingredient only at confidence ≥ 0.8, otherwise the top three to pick from — never an error as
// an ingredient. The ingredient classifier names one ingredient per photo; the ingredient
// detector finds every ingredient in it, each with its boxes: all those at ≥ 0.8 are added, the
// others (from 0.3) offered. Encodes the original's answer
// {"ingredient": name or null, "confidence", "candidates": [{"name", "confidence"}]}; the found
// ingredients are written by `KitchenIdentificationJSON` with what adding them did.
import Foundation
public import SightlineVision

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

/// The outcome of identifying the ingredients in a photo.
public struct IngredientIdentification: Encodable, Sendable, Hashable {
    /// How the photo was looked at.
    public enum Method: String, Sendable, Hashable {
        /// The ingredient classifier: one ingredient for the whole photo, no boxes.
        case classifier
        /// The ingredient detector: every ingredient found, each with its boxes.
        case detector
    }

    /// The confidence from which an ingredient is taken as identified and added to the list (the
    /// original's 0.8).
    public static let acceptanceThreshold = 0.8
    /// The confidence from which a detected ingredient below `acceptanceThreshold` is offered;
    /// weaker boxes are mostly not the ingredient.
    public static let offerThreshold = 0.3
    /// Two boxes of one ingredient sharing at least this part of the smaller box (overlapping
    /// heavily, or one inside the other) are taken as one object: only the more confident is kept.
    public static let sameIngredientOverlap = 0.5
    /// A box below `acceptanceThreshold` overlapping another ingredient's box at or above it by at
    /// least this intersection over union is taken as that object seen as something else, and
    /// is left out.
    public static let sameObjectOverlap = 0.5
    /// How many candidates are offered.
    public static let candidateCount = 3

    public var method: Method
    /// The identified ingredient (with the detector, the most confident one added), or nil when
    /// nothing was confident enough.
    public var ingredient: String?
    /// The best candidate's confidence (0 when there is none).
    public var confidence: Double
    /// The best classes, most confident first, at most three; the user picks from these when
    /// `ingredient` is nil.
    public var candidates: [IngredientCandidate]
    /// With the detector, every ingredient found, most confident first, one entry per name:
    /// those accepted (≥ 0.8) are added, the others offered. Empty with the classifier.
    public var found: [FoundIngredient]

    public init(ingredient: String?, confidence: Double, candidates: [IngredientCandidate],
                method: Method = .classifier, found: [FoundIngredient] = []) {
        self.method = method
        self.ingredient = ingredient
        self.confidence = confidence
        self.candidates = candidates
        self.found = found
    }

    /// The found ingredients that are added to the list, most confident first.
    public var accepted: [FoundIngredient] {
        found.filter(\.isAccepted)
    }

    /// The found ingredients offered to the user to add, most confident first.
    public var offered: [FoundIngredient] {
        found.filter { !$0.isAccepted }
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

    /// The rule applied to a detector's objects: labels are normalised through `vocabulary`;
    /// objects below 0.3 are dropped; the boxes of one name make one found ingredient as sure as
    /// its best box, a box mostly shared with a more confident one of that name merged into it;
    /// a box below 0.8 on an object another ingredient's box at ≥ 0.8 identifies (IoU ≥ 0.5) is
    /// left out, and an ingredient with no box left is not found. An ingredient at ≥ 0.8 is
    /// accepted, one below is offered. The most confident found ingredient is `ingredient` when
    /// it is accepted; the best three are the candidates.
    public init(detections: [DetectedObject], vocabulary: IngredientVocabulary) {
        var boxesByName: [String: [FoundIngredient.Box]] = [:]
        for object in detections where object.confidence >= Self.offerThreshold {
            guard let name = vocabulary.normalisedName(object.label) else { continue }
            boxesByName[name, default: []].append(FoundIngredient.Box(rect: object.normalizedBoundingBox,
                                                                      confidence: min(object.confidence, 1)))
        }
        let merged = boxesByName.mapValues(Self.mergingOverlaps)
        let sureBoxes = merged.mapValues { $0.filter { $0.confidence >= Self.acceptanceThreshold } }
        var found: [FoundIngredient] = []
        for (name, boxes) in merged {
            let kept = boxes.filter { box in
                box.confidence >= Self.acceptanceThreshold || !sureBoxes.contains { other in
                    other.key != name && other.value.contains { $0.rect.intersectionOverUnion(with: box.rect) >= Self.sameObjectOverlap }
                }
            }
            guard let best = kept.first else { continue }
            found.append(FoundIngredient(name: name, confidence: best.confidence, boxes: kept))
        }
        found.sort { $0.confidence != $1.confidence ? $0.confidence > $1.confidence : $0.name < $1.name }
        let candidates = found.prefix(Self.candidateCount).map { IngredientCandidate(name: $0.name, confidence: $0.confidence) }
        self.init(ingredient: found.first.flatMap { $0.isAccepted ? $0.name : nil }, confidence: found.first?.confidence ?? 0,
                  candidates: candidates, method: .detector, found: found)
    }

    /// `boxes` most confident first (then top to bottom, left to right), each box that shares at
    /// least `sameIngredientOverlap` of the smaller box with a more confident one left out.
    private static func mergingOverlaps(_ boxes: [FoundIngredient.Box]) -> [FoundIngredient.Box] {
        let ranked = boxes.sorted { ($0.confidence, -$0.rect.y, -$0.rect.x) > ($1.confidence, -$1.rect.y, -$1.rect.x) }
        var kept: [FoundIngredient.Box] = []
        for box in ranked {
            let isSameObject = kept.contains { other in
                let width = min(box.rect.x + box.rect.width, other.rect.x + other.rect.width) - max(box.rect.x, other.rect.x)
                let height = min(box.rect.y + box.rect.height, other.rect.y + other.rect.height) - max(box.rect.y, other.rect.y)
                return width > 0 && height > 0 && width * height >= sameIngredientOverlap * min(box.rect.area, other.rect.area)
            }
            if !isSameObject { kept.append(box) }
        }
        return kept
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
