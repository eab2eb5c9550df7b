// FoundIngredient: one ingredient the ingredient detector found in a photo — its name, how sure
// the detector is (its best box) and where it is (a box per object, normalised to the photo with
// the origin at its top-left corner) — and whether it is sure enough to be added to the list.
public import SightlineVision

/// An ingredient found in a photo, with each place it was found.
public struct FoundIngredient: Sendable, Hashable {
    /// One place the ingredient was found.
    public struct Box: Sendable, Hashable {
        /// Fractions of the upright photo's width and height, origin top-left.
        public var rect: NormalizedRect
        /// 0…1.
        public var confidence: Double

        public init(rect: NormalizedRect, confidence: Double) {
            self.rect = rect
            self.confidence = confidence
        }
    }

    /// A normalised ingredient name.
    public var name: String
    /// The most confident box's confidence, 0…1.
    public var confidence: Double
    /// A box per object of this ingredient, most confident first.
    public var boxes: [Box]

    public init(name: String, confidence: Double, boxes: [Box]) {
        self.name = name
        self.confidence = confidence
        self.boxes = boxes
    }

    /// Whether it is added to the list (confidence ≥ 0.8, the original app's rule); otherwise it
    /// is offered to the user to add.
    public var isAccepted: Bool {
        confidence >= IngredientIdentification.acceptanceThreshold
    }
}
