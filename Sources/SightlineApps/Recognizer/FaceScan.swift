// FaceScan: the result of the Object Recognizer's face scan of a taken photo — the faces found
// and the sentence that reports them, with a clear "No faces found." when there are none.
public import SightlineVision

/// The faces found in one photo, most confident first.
public struct FaceScan: Sendable, Equatable {
    /// Boxes in pixels of the upright photo, origin top-left, with confidence and landmarks.
    public var faces: [FaceObservation]

    public init(faces: [FaceObservation]) {
        self.faces = faces
    }

    public var count: Int { faces.count }

    /// "No faces found.", "1 face found." or "3 faces found." in `language`.
    public func summary(in language: Language) -> String {
        Self.summary(count: faces.count, in: language)
    }

    /// The sentence for `count` faces in `language` (for saved captures, which keep the count only).
    public static func summary(count: Int, in language: Language) -> String {
        switch language {
        case .english:
            switch count {
            case 0: return "No faces found."
            case 1: return "1 face found."
            default: return "\(count) faces found."
            }
        case .german:
            switch count {
            case 0: return "Keine Gesichter gefunden."
            case 1: return "1 Gesicht gefunden."
            default: return "\(count) Gesichter gefunden."
            }
        case .ukrainian:
            // Ukrainian counts: 1, 21, 31 … take "обличчя" (singular), 2–4, 22–24 … the
            // nominative plural (also "обличчя"), the rest the genitive plural "облич".
            guard count > 0 else { return "Облич не знайдено." }
            let (lastDigit, lastTwo) = (count % 10, count % 100)
            let noun = (1 ... 4).contains(lastDigit) && !(11 ... 14).contains(lastTwo) ? "обличчя" : "облич"
            return "Знайдено \(count) \(noun)."
        }
    }
}
