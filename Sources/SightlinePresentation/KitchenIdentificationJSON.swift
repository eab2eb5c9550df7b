// KitchenIdentificationJSON: what the Kitchen made of one photo as JSON, as `sightline kitchen
// identify --json` prints it and `POST /api/v1/kitchen/identify` answers — the original's
// answer (ingredient, confidence, top three), how the photo was looked at, every ingredient the
// detector found with its boxes, and what adding them to the list did.
import Foundation
public import SightlineApps
import SightlineVision

/// `{"file", "method", "ingredient", "confidence", "candidates": [{"name", "confidence"}],
/// "found": [ingredient…], "added"}`: "method" is "classifier" (found is empty) or "detector";
/// "added" is true when "ingredient" was new on the list.
public struct KitchenIdentificationJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "Identification" }

    /// `{"name", "confidence", "accepted", "added", "boxes": [box…]}`: "accepted" at confidence
    /// ≥ 0.8 (otherwise it is offered); "added" when this request put it on the list.
    public struct Found: Encodable, Sendable {
        public var name: String
        public var confidence: Double
        public var accepted: Bool
        public var added: Bool
        /// Most confident first.
        public var boxes: [Box]
    }

    /// `{"confidence", "x", "y", "width", "height"}`: fractions of the upright photo, origin top-left.
    public struct Box: Encodable, Sendable {
        public var confidence: Double
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double

        init(_ box: FoundIngredient.Box) {
            confidence = box.confidence
            x = box.rect.x.rounded(digits: 4)
            y = box.rect.y.rounded(digits: 4)
            width = box.rect.width.rounded(digits: 4)
            height = box.rect.height.rounded(digits: 4)
        }
    }

    public var file: String
    public var method: String
    @Nullable public var ingredient: String?
    public var confidence: Double
    public var candidates: [IngredientCandidate]
    public var found: [Found]
    public var added: Bool

    /// `changes` are what adding the photo's ingredients did (none when they were not added).
    public init(_ identification: IngredientIdentification, file: String, changes: [IngredientListChange]) {
        let added = Set(changes.compactMap { change -> String? in
            if case .added(let name) = change { return name }
            return nil
        })
        self.file = file
        method = identification.method.rawValue
        ingredient = identification.ingredient
        confidence = identification.confidence
        candidates = identification.candidates
        found = identification.found.map { found in
            Found(name: found.name, confidence: found.confidence, accepted: found.isAccepted, added: added.contains(found.name),
                  boxes: found.boxes.map(Box.init))
        }
        self.added = identification.ingredient.map(added.contains) ?? false
    }
}
