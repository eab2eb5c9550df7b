// ClassificationObservation: one class a classifier saw in an image, with its confidence —
// the Vision layer's answer to "what is in this photo?".

/// One class and how confident the classifier is that the image shows it.
public struct ClassificationObservation: Sendable, Equatable, Codable {
    /// The class's position in the model's output (for ImageNet models, 0–999).
    public var index: Int
    /// The class's human-friendly name ("tabby cat").
    public var label: String
    /// The softmax probability of this class, 0…1.
    public var confidence: Float

    public init(index: Int, label: String, confidence: Float) {
        self.index = index
        self.label = label
        self.confidence = confidence
    }
}
