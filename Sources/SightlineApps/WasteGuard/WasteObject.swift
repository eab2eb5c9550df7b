// WasteObject: one object WasteGuard found — which of its classes, how confident the model
// is, where it is in the photo, and what the finding rests on (an installed waste detector,
// ImageNet classes of the general model with a class-activation box, or the whole-photo heads
// judging a part of the photo not organic).
public import SightlineImaging
public import SightlineVision

/// One object found in a photo.
///
/// Coordinates: `boundingBox` is in pixels of the upright photo (EXIF orientation applied),
/// origin at the top-left corner, y downwards; `normalizedBoundingBox` is the same box in
/// fractions of the photo's width and height.
public struct WasteObject: Sendable, Hashable {
    /// What the finding rests on.
    public enum Evidence: Sendable, Hashable {
        /// A box of the installed waste detector (a YOLO model with WasteGuard's labels);
        /// `verification` is the box verifier's P(foreign) for a foreign box it kept
        /// (`ForeignObjectVerifier`), nil when no verifier judged it.
        case detector(model: String, verification: PhotoJudgement? = nil)
        /// ImageNet classes of the general classifier that correspond to this class, most
        /// probable first (their summed probability over the whole photo is `confidence`); the
        /// box surrounds the strongest region of the most probable one's class activation map.
        case imageNet(model: String, classes: [ImageNetMatch])
        /// A part of the photo the whole-photo heads judged not organic waste (see
        /// `ForeignMatterSearch`): `organic` is the organic head's judgement of it (non-organic,
        /// its probability is `confidence`), `material` the materials head's material whose class
        /// names the object. `overrules` is the class the recogniser had given this box when it
        /// called it organic; nil for a part no object explained.
        case heads(organic: PhotoJudgement, material: PhotoJudgement, overrules: String?)
    }

    /// One ImageNet class behind an object found through the general model.
    public struct ImageNetMatch: Sendable, Hashable {
        /// The class's index among the model's outputs.
        public var index: Int
        public var label: String
        /// Its probability for the whole photo, 0…1.
        public var confidence: Double

        public init(index: Int, label: String, confidence: Double) {
            self.index = index
            self.label = label
            self.confidence = confidence
        }
    }

    public var wasteClass: WasteClass
    /// 0…1: the detector's score, the ImageNet classes' summed probability, or the organic
    /// head's probability of non-organic waste.
    public var confidence: Double
    public var boundingBox: PixelRect
    public var normalizedBoundingBox: NormalizedRect
    public var evidence: Evidence

    public init(wasteClass: WasteClass, confidence: Double, boundingBox: PixelRect, imageSize: ImageSize, evidence: Evidence) {
        self.wasteClass = wasteClass
        self.confidence = confidence
        self.boundingBox = boundingBox
        normalizedBoundingBox = NormalizedRect(boundingBox, imageWidth: imageSize.width, imageHeight: imageSize.height)
        self.evidence = evidence
    }

    public var isOrganic: Bool { wasteClass.isOrganic }

    /// The confidence as each box shows it: "87.3%".
    public var confidenceText: String { ImageAnnotator.percentage(confidence) }
}
