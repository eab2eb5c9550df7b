// ObjectRecognition: what the Object Recognizer says about one frame or photo — the top-1
// label and confidence, whether that is sure enough to state (the model's calibrated
// threshold) or only a guess, the ranked alternatives with their names in the apps' languages,
// the label's broad category and, when a face scan ran, the faces.
import SightlineImaging
public import SightlineVision

/// The Object Recognizer's answer for one image.
public struct ObjectRecognition: Sendable, Equatable {
    /// The most likely class: its label, index among the model's classes and confidence.
    public var best: ClassificationObservation
    /// The most likely classes, best first, starting with `best` (the top-5 view).
    public var ranked: [ClassificationObservation]
    /// The display names of `ranked`, in the same order.
    public var rankedNames: [LocalizedText]
    /// The broad category of `best`.
    public var category: ObjectCategory
    /// The rule that tells an answer from a guess for the model that made this.
    public var rule: ConfidenceRule
    /// The face scan, or nil when none was asked for.
    public var faceScan: FaceScan?

    public init(best: ClassificationObservation, ranked: [ClassificationObservation], rankedNames: [LocalizedText]? = nil,
                category: ObjectCategory, rule: ConfidenceRule = ConfidenceRule(threshold: 0, calibrated: false),
                faceScan: FaceScan? = nil) {
        self.best = best
        self.ranked = ranked
        self.rankedNames = rankedNames ?? ranked.map { LocalizedText(en: $0.label) }
        self.category = category
        self.rule = rule
        self.faceScan = faceScan
    }

    /// The top-1 label ("Granny Smith apple").
    public var label: String { best.label }

    /// The top-1 display name in `language`.
    public func name(in language: Language) -> String {
        rankedNames.first?.text(in: language) ?? label
    }

    /// The top-1 confidence, 0…1.
    public var confidence: Double { Double(best.confidence) }

    /// Whether the top-1 class is sure enough to state as the answer.
    public var isSure: Bool { rule.isSure(confidence) }

    /// The confidence as the app shows it: a percentage with one decimal, "87.3%".
    public var confidenceText: String { ImageAnnotator.percentage(confidence) }

    /// The text drawn on a capture: "<label>, <confidence>%", such as "banana, 97.1%".
    public var caption: String { "\(label), \(confidenceText)" }

    /// The caption in `language`: "banana, 97.1%" / "Banane, 97,1 %" when sure, otherwise
    /// "Not sure — maybe a banana (41%)?".
    public func answer(in language: Language) -> String {
        isSure ? "\(name(in: language)), \(language.percent(confidence))"
            : GuessWording.notSure(maybe: name(in: language), confidence: confidence, in: language)
    }
}
