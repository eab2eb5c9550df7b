// ObjectRecognition: what the Object Recognizer says about one frame or photo — the top-1
// label and confidence (always one: there is no threshold), the ranked alternatives for the
// top-5 view, the label's broad category and, when a face scan ran, the faces.
import SightlineImaging
public import SightlineVision

/// The Object Recognizer's answer for one image.
public struct ObjectRecognition: Sendable, Equatable {
    /// The most likely class: its label, index among the model's classes and confidence.
    public var best: ClassificationObservation
    /// The most likely classes, best first, starting with `best` (the top-5 view).
    public var ranked: [ClassificationObservation]
    /// The broad category of `best`.
    public var category: ObjectCategory
    /// The face scan, or nil when none was asked for.
    public var faceScan: FaceScan?

    public init(best: ClassificationObservation, ranked: [ClassificationObservation], category: ObjectCategory,
                faceScan: FaceScan? = nil) {
        self.best = best
        self.ranked = ranked
        self.category = category
        self.faceScan = faceScan
    }

    /// The top-1 label ("Granny Smith apple").
    public var label: String { best.label }

    /// The top-1 confidence, 0…1.
    public var confidence: Double { Double(best.confidence) }

    /// The confidence as the app shows it: a percentage with one decimal, "87.3%".
    public var confidenceText: String { ImageAnnotator.percentage(confidence) }

    /// The text drawn on a capture: "<label>, <confidence>%", such as "banana, 97.1%".
    public var caption: String { "\(label), \(confidenceText)" }
}
