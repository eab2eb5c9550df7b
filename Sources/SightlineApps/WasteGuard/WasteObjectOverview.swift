// WasteObjectOverview: WasteGuard's object overview — all its classes, each marked with whether
// the installed models can recognise it and on what basis (the waste detector, or named ImageNet
// classes), plus the whole-photo heads that search the photo besides. Built from the same
// `WasteModelSelection` an analysis uses, so it never claims more than an analysis can do.
import SightlineVision

/// Which of WasteGuard's classes the installed models recognise.
public struct WasteObjectOverview: Sendable, Hashable {
    /// How one class is recognised.
    public enum Basis: Sendable, Hashable {
        /// By the installed waste detector.
        case detector(model: String)
        /// Through these ImageNet classes of the general model.
        case imageNet(model: String, classes: [String])
        /// Not at all by the installed models.
        case notRecognised
    }

    public struct Entry: Sendable, Hashable {
        public var wasteClass: WasteClass
        public var basis: Basis

        public var isRecognised: Bool { basis != .notRecognised }
    }

    /// Every class in WasteGuard's order.
    public var entries: [Entry]
    /// The waste detector in use, or nil on the ImageNet route.
    public var detectorModel: String?
    /// The general model on the ImageNet route, or nil with a detector.
    public var imageNetModel: String?
    /// The installed whole-photo heads.
    public var heads: [Head]

    /// An installed whole-photo classifier, its labels and their names (a material's from
    /// materials.tsv, "organic" and "non-organic" as the overview says them).
    public struct Head: Sendable, Hashable {
        public var model: String
        public var labels: [String]
        public var labelNames: [LocalizedText]
    }

    public init(selection: WasteModelSelection, knowledge: WasteKnowledge, materials: WasteMaterials) {
        switch selection {
        case .detector(let model, _, _, _):
            let labels = Set(model.manifest.labels)
            entries = knowledge.classes.map { wasteClass in
                Entry(wasteClass: wasteClass, basis: labels.contains(wasteClass.label) ? .detector(model: model.name) : .notRecognised)
            }
            detectorModel = model.name
            imageNetModel = nil
        case .imageNet(let classifier, _, _):
            let correspondences = ImageNetWasteRecognizer.correspondences(labels: classifier.manifest.labels, knowledge: knowledge)
            entries = knowledge.classes.map { wasteClass in
                let match = correspondences.first { $0.wasteClass == wasteClass }
                return Entry(wasteClass: wasteClass,
                             basis: match.map { .imageNet(model: classifier.name, classes: $0.classLabels) } ?? .notRecognised)
            }
            detectorModel = nil
            imageNetModel = classifier.name
        }
        heads = selection.heads.map { head in
            Head(model: head.name, labels: head.manifest.labels, labelNames: head.manifest.labels.map { Self.name(ofHeadLabel: $0, materials: materials) })
        }
    }

    private static func name(ofHeadLabel label: String, materials: WasteMaterials) -> LocalizedText {
        func text(_ phrase: KeyPath<OverviewPhrases, String>) -> LocalizedText {
            LocalizedText(en: OverviewPhrases.phrases(in: .english)[keyPath: phrase], de: OverviewPhrases.phrases(in: .german)[keyPath: phrase],
                          uk: OverviewPhrases.phrases(in: .ukrainian)[keyPath: phrase])
        }
        switch label {
        case "organic": return text(\.organic)
        case PhotoVerdict.nonOrganicLabel: return text(\.nonOrganic)
        default: return materials.names[label] ?? LocalizedText(en: label)
        }
    }

    /// The classes that can be recognised, in WasteGuard's order.
    public var recognisedClasses: [WasteClass] {
        entries.filter(\.isRecognised).map(\.wasteClass)
    }

    /// The overview as text: title, introduction, the models in use, one line per class and
    /// the whole-photo heads.
    public func text(in language: Language, texts: WasteTexts) -> String {
        let phrases = OverviewPhrases.phrases(in: language)
        let count = recognisedClasses.count
        var lines = [texts.overview.title.text(in: language), "", texts.overview.intro.text(in: language), ""]
        if let detectorModel {
            lines.append(phrases.detectorInUse(detectorModel, count, entries.count))
        } else if let imageNetModel {
            lines.append(phrases.imageNetInUse(imageNetModel, count, entries.count))
        }
        lines.append("")
        for entry in entries {
            let name = entry.wasteClass.displayName.text(in: language)
            let kind = entry.wasteClass.isOrganic ? phrases.organic : phrases.nonOrganic
            switch entry.basis {
            case .detector:
                lines.append("✓ \(name) (\(kind)) — \(phrases.byDetector)")
            case .imageNet(_, let classes):
                lines.append("✓ \(name) (\(kind)) — \(phrases.throughImageNet)\(classes.joined(separator: ", "))")
            case .notRecognised:
                lines.append("✗ \(name) (\(kind)) — \(phrases.notRecognised)")
            }
        }
        lines.append("")
        if heads.isEmpty {
            lines.append(phrases.noHeads)
        } else {
            lines.append(phrases.headsInstalled(heads.map { "\($0.model) (\($0.labelNames.map { $0.text(in: language) }.joined(separator: ", ")))" }
                .joined(separator: "; ")))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The overview's sentences in one language.
struct OverviewPhrases {
    /// (model, recognised classes, all classes)
    var detectorInUse: (String, Int, Int) -> String
    var imageNetInUse: (String, Int, Int) -> String
    var organic: String
    var nonOrganic: String
    var byDetector: String
    var throughImageNet: String
    var notRecognised: String
    var noHeads: String
    var headsInstalled: (String) -> String

    static func phrases(in language: Language) -> OverviewPhrases {
        switch language {
        case .english:
            OverviewPhrases(
                detectorInUse: { "Installed model: the waste detector '\($0)'. It recognises \($1) of the \($2) objects." },
                imageNetInUse: { "Installed model: the general image model '\($0)' (no waste detector is installed). "
                    + "It recognises \($1) of the \($2) objects, through the ImageNet classes named below." },
                organic: "organic", nonOrganic: "non-organic",
                byDetector: "recognised by the waste detector",
                throughImageNet: "recognised through ImageNet: ",
                notRecognised: "not recognised by the installed model",
                noHeads: "No whole-photo classifiers are installed (`make models` installs waste-organic and waste-materials).",
                headsInstalled: { "Whole-photo classifiers: \($0). Besides the objects found, they judge each organic "
                    + "object's box, the photo in overlapping windows and the photo as a whole, and mark what looks like "
                    + "non-organic waste, named by its material." })
        case .german:
            OverviewPhrases(
                detectorInUse: { "Installiertes Modell: der Abfall-Detektor „\($0)“. Er erkennt \($1) der \($2) Objekte." },
                imageNetInUse: { "Installiertes Modell: das allgemeine Bildmodell „\($0)“ (kein Abfall-Detektor installiert). "
                    + "Es erkennt \($1) der \($2) Objekte, über die unten genannten ImageNet-Klassen." },
                organic: "Bioabfall", nonOrganic: "kein Bioabfall",
                byDetector: "vom Abfall-Detektor erkannt",
                throughImageNet: "erkannt über ImageNet: ",
                notRecognised: "vom installierten Modell nicht erkannt",
                noHeads: "Es sind keine Klassifikatoren für das ganze Foto installiert (`make models` installiert waste-organic und waste-materials).",
                headsInstalled: { "Klassifikatoren für das ganze Foto: \($0). Zusätzlich zu den gefundenen Objekten beurteilen "
                    + "sie den Rahmen jedes Bioabfall-Objekts, das Foto in überlappenden Ausschnitten und das Foto als Ganzes "
                    + "und markieren, was nicht nach Bioabfall aussieht, benannt nach seinem Material." })
        case .ukrainian:
            OverviewPhrases(
                detectorInUse: { "Встановлена модель: детектор відходів «\($0)». Він розпізнає \($1) з \($2) об’єктів." },
                imageNetInUse: { "Встановлена модель: загальна модель зображень «\($0)» (детектор відходів не встановлено). "
                    + "Вона розпізнає \($1) з \($2) об’єктів через класи ImageNet, наведені нижче." },
                organic: "органічні", nonOrganic: "неорганічні",
                byDetector: "розпізнає детектор відходів",
                throughImageNet: "розпізнається через ImageNet: ",
                notRecognised: "встановлена модель не розпізнає",
                noHeads: "Класифікатори всього фото не встановлено (`make models` встановлює waste-organic і waste-materials).",
                headsInstalled: { "Класифікатори всього фото: \($0). Окрім знайдених об’єктів, вони оцінюють рамку "
                    + "кожного органічного об’єкта, фото частинами, що перекриваються, і фото в цілому та позначають те, "
                    + "що схоже на неорганічні відходи, називаючи його за матеріалом." })
        }
    }
}
