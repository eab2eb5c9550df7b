// PhotoVerdict: what WasteGuard's whole-photo classifiers (the heads trained with `sightline
// train`: organic vs non-organic, and TrashNet materials) say about a photo as a whole — reported
// as exactly that, a judgement of the whole photo, never as one of the objects.
import Foundation
import SightlineImaging

/// A judgement of the whole photo by one classifier.
public struct PhotoJudgement: Sendable, Hashable {
    /// The classifier's winning label ("non-organic", "plastic").
    public var label: String
    /// Its probability, 0…1.
    public var confidence: Double
    /// The installed model that made it ("waste-organic").
    public var model: String
    /// Whether `confidence` reaches that model's calibrated threshold; a judgement that does not
    /// is worded as a guess ("maybe plastic").
    public var isSure: Bool

    public init(label: String, confidence: Double, model: String, isSure: Bool = true) {
        self.label = label
        self.confidence = confidence
        self.model = model
        self.isSure = isSure
    }

    /// "87.3%".
    public var confidenceText: String { ImageAnnotator.percentage(confidence) }
}

/// The whole-photo verdict: organic or not, and of which material.
public struct PhotoVerdict: Sendable, Hashable {
    /// The organic-waste classifier's label (`organicLabel` or `nonOrganicLabel`), if installed.
    public var organic: PhotoJudgement?
    /// The materials classifier's label, if installed; only reported when the photo is not
    /// judged organic (materials describe non-organic waste).
    public var material: PhotoJudgement?
    /// Whether objects were found in the photo too; the sentence then judges the photo "as a
    /// whole" instead of saying that no specific object was recognised.
    public var objectsFound: Bool

    /// The organic classifier's labels.
    public static let organicLabel = "organic"
    public static let nonOrganicLabel = "non-organic"

    public init(organic: PhotoJudgement?, material: PhotoJudgement?, objectsFound: Bool = false) {
        self.organic = organic
        self.material = material
        self.objectsFound = objectsFound
    }

    /// True or false by the organic classifier; nil without it.
    public var isOrganic: Bool? {
        organic.map { $0.label == Self.organicLabel }
    }

    /// Whether the verdict says the photo holds something that is not organic waste: the organic
    /// classifier says so, or, without it, the materials classifier names a material (all of
    /// its labels are non-organic).
    public var indicatesForeignMatter: Bool {
        isOrganic.map { !$0 } ?? (material != nil)
    }

    /// The sentence added to the information text, such as "No specific object was recognised.
    /// The whole photo looks like non-organic waste (91.0%), most likely plastic (78.4%).\n"
    /// ("…, maybe plastic (41.2%)" below the materials head's threshold), or "The photo as a whole
    /// looks like …" when objects were found; percentages written the language's way.
    public func text(in language: Language, materials: WasteMaterials) -> String {
        let phrases = VerdictPhrases.phrases(in: language)
        let materialPart = material.map { judgement in
            "\(materials.name(of: judgement.label, in: language)) (\(language.percent(judgement.confidence)))"
        }
        var sentence: String
        switch (organic, materialPart) {
        case let (organic?, material):
            let looks = objectsFound
                ? (isOrganic == true ? phrases.asAWholeLooksOrganic : phrases.asAWholeLooksNonOrganic)
                : (isOrganic == true ? phrases.looksOrganic : phrases.looksNonOrganic)
            sentence = looks.replacingOccurrences(of: "{confidence}", with: language.percent(organic.confidence))
            if let material {
                sentence += (self.material?.isSure == false ? ", " + phrases.maybe : phrases.mostLikely) + material
            }
        case let (nil, material?):
            sentence = self.material?.isSure == false
                ? (objectsFound ? phrases.asAWholeMayShow : phrases.mayShow) + material
                : (objectsFound ? phrases.asAWholeLooksLikeMaterial : phrases.looksLikeMaterial) + material
        case (nil, nil):
            return ""
        }
        return (objectsFound ? "" : phrases.noSpecificObject + " ") + sentence + ".\n"
    }

    /// A short form for the caption of an annotated photo: "non-organic waste (plastic), 91.0%".
    public func caption(in language: Language, materials: WasteMaterials) -> String {
        let phrases = VerdictPhrases.phrases(in: language)
        switch (organic, material) {
        case let (organic?, material):
            var text = isOrganic == true ? phrases.organicWaste : phrases.nonOrganicWaste
            if let material { text += " (\(materials.name(of: material.label, in: language)))" }
            return text + ", " + organic.confidenceText
        case let (nil, material?):
            return materials.name(of: material.label, in: language) + ", " + material.confidenceText
        case (nil, nil):
            return ""
        }
    }
}

/// The verdict's sentences in one language.
struct VerdictPhrases {
    var noSpecificObject: String
    var looksOrganic: String
    var looksNonOrganic: String
    var mostLikely: String
    var looksLikeMaterial: String
    var asAWholeLooksOrganic: String
    var asAWholeLooksNonOrganic: String
    var asAWholeLooksLikeMaterial: String
    var organicWaste: String
    var nonOrganicWaste: String
    /// Put before a material the materials head is not sure of.
    var maybe: String
    /// The material-only sentence when the materials head is not sure.
    var mayShow: String
    var asAWholeMayShow: String

    static func phrases(in language: Language) -> VerdictPhrases {
        switch language {
        case .english:
            VerdictPhrases(
                noSpecificObject: "No specific object was recognised.",
                looksOrganic: "The whole photo looks like organic waste ({confidence})",
                looksNonOrganic: "The whole photo looks like non-organic waste ({confidence})",
                mostLikely: ", most likely ",
                looksLikeMaterial: "The whole photo looks like ",
                asAWholeLooksOrganic: "The photo as a whole looks like organic waste ({confidence})",
                asAWholeLooksNonOrganic: "The photo as a whole looks like non-organic waste ({confidence})",
                asAWholeLooksLikeMaterial: "The photo as a whole looks like ",
                organicWaste: "organic waste",
                nonOrganicWaste: "non-organic waste",
                maybe: "maybe ",
                mayShow: "The whole photo may show ",
                asAWholeMayShow: "The photo as a whole may show ")
        case .german:
            VerdictPhrases(
                noSpecificObject: "Es wurde kein bestimmtes Objekt erkannt.",
                looksOrganic: "Das ganze Foto sieht nach Bioabfall aus ({confidence})",
                looksNonOrganic: "Das ganze Foto sieht nicht nach Bioabfall aus ({confidence})",
                mostLikely: ", am ehesten ",
                looksLikeMaterial: "Das ganze Foto sieht aus wie ",
                asAWholeLooksOrganic: "Als Ganzes sieht das Foto nach Bioabfall aus ({confidence})",
                asAWholeLooksNonOrganic: "Als Ganzes sieht das Foto nicht nach Bioabfall aus ({confidence})",
                asAWholeLooksLikeMaterial: "Als Ganzes sieht das Foto aus wie ",
                organicWaste: "Bioabfall",
                nonOrganicWaste: "kein Bioabfall",
                maybe: "vielleicht ",
                mayShow: "Das ganze Foto zeigt vielleicht ",
                asAWholeMayShow: "Als Ganzes zeigt das Foto vielleicht ")
        case .ukrainian:
            VerdictPhrases(
                noSpecificObject: "Жодного конкретного об’єкта не розпізнано.",
                looksOrganic: "Усе фото схоже на органічні відходи ({confidence})",
                looksNonOrganic: "Усе фото схоже на неорганічні відходи ({confidence})",
                mostLikely: ", найімовірніше ",
                looksLikeMaterial: "Усе фото схоже на ",
                asAWholeLooksOrganic: "Загалом фото схоже на органічні відходи ({confidence})",
                asAWholeLooksNonOrganic: "Загалом фото схоже на неорганічні відходи ({confidence})",
                asAWholeLooksLikeMaterial: "Загалом фото схоже на ",
                organicWaste: "органічні відходи",
                nonOrganicWaste: "неорганічні відходи",
                maybe: "можливо, ",
                mayShow: "Можливо, усе фото показує ",
                asAWholeMayShow: "Можливо, загалом фото показує ")
        }
    }
}
