// WasteGuard: the organic-waste purity checker — photo in, report out. It finds its kinds of
// objects with the installed recogniser and searches the rest with the whole-photo heads, then
// applies the mode (check: only foreign matter; classify: everything), the language and the
// municipality's disposal rules. Analysing needs the user's consent (a `ConsentGrant`); the
// photo is only ever held in memory.
public import Foundation
public import SightlineImaging
public import SightlineVision

/// Analyses photos of waste. Create it once and reuse it: loading compiles the models. Safe to
/// use from several threads at once.
///
///     let consent = try WasteGuardConsent(store: store, texts: knowledge.texts).grant()
///     let wasteGuard = try WasteGuard()
///     let report = try wasteGuard.analyse(photo, mode: .classify, language: .german, consent: consent)
///     report.information   // "Erkanntes Objekt: Plastiktüte\nDas markierte Objekt ist kein Bioabfall.\n"
public final class WasteGuard: Sendable {
    public let knowledge: WasteKnowledge
    public let materials: WasteMaterials
    public let recognizer: WasteRecognizer
    /// What the recogniser was loaded from; nil when it was given directly.
    public let selection: WasteModelSelection?

    /// Uses `recognizer` with the given knowledge.
    public init(recognizer: WasteRecognizer, knowledge: WasteKnowledge, materials: WasteMaterials,
                selection: WasteModelSelection? = nil) {
        self.recognizer = recognizer
        self.knowledge = knowledge
        self.materials = materials
        self.selection = selection
    }

    /// Loads the models WasteGuard uses from `store`: an installed waste detector (the one named,
    /// or the first compatible one), else lite0; with either, the installed whole-photo heads.
    ///
    /// - Throws: `WasteGuardError.noModelInstalled` / `.incompatibleModel`, errors loading a
    ///   model, or `AppDataError` for broken bundled data.
    public convenience init(store: ModelStore = ModelStore(), detectorName: String? = nil,
                            inferenceOptions: InferenceOptions = InferenceOptions()) throws {
        let knowledge = try WasteKnowledge.bundled()
        let selection = try WasteModelSelection.choose(in: store, knowledge: knowledge, detectorName: detectorName)
        let materials = try WasteMaterials.bundled()
        self.init(recognizer: try WasteRecognizer.load(selection, knowledge: knowledge, materials: materials,
                                                       inferenceOptions: inferenceOptions),
                  knowledge: knowledge, materials: materials, selection: selection)
    }

    /// The size a photo needs to be decoded at, at least, for `analyse`: more than the detector's
    /// input and the foreign-matter search's working copy (`ForeignMatterSearch`), so a large
    /// JPEG can be decoded at a reduced scale and its report mapped back with
    /// `WasteReport.inPhoto(of:)`.
    public static let decodingSize = ImageSize(width: 1024, height: 1024)

    /// Analyses a decoded, upright photo.
    ///
    /// - Parameter municipality: whose disposal rules apply; the default (Ulm / Alb-Donau) when nil.
    /// - Throws: the recogniser's inference errors.
    public func analyse(_ photo: RGBImage, mode: WasteGuardMode, language: Language = .english,
                        municipality: Municipality? = nil, consent: ConsentGrant) throws -> WasteReport {
        let findings = try recognizer.findings(in: photo)
        return report(findings, mode: mode, language: language, municipality: municipality)
    }

    /// Analyses encoded image data (JPEG, PNG or WebP), decoded in memory and turned upright;
    /// the photo is returned with the report for drawing, and never written anywhere.
    ///
    /// - Throws: `WasteGuardError.unreadableImage`, or the recogniser's inference errors.
    public func analyse(data: Data, mode: WasteGuardMode, language: Language = .english,
                        municipality: Municipality? = nil, consent: ConsentGrant) throws
        -> (photo: RGBImage, report: WasteReport) {
        let photo: RGBImage
        do {
            photo = try ImageDecoder.decode(data: data)
        } catch let error as ImagingError {
            throw WasteGuardError.unreadableImage(file: nil, reason: error.description)
        }
        return (photo, try analyse(photo, mode: mode, language: language, municipality: municipality, consent: consent))
    }

    /// The report of `findings` in `mode`, `language` and `municipality` (default when nil).
    public func report(_ findings: WasteFindings, mode: WasteGuardMode, language: Language,
                       municipality: Municipality? = nil) -> WasteReport {
        WasteReport(findings: findings, mode: mode, language: language,
                    municipality: municipality ?? knowledge.defaultMunicipality, knowledge: knowledge, materials: materials)
    }
}
