// WasteOverviewJSON: WasteGuard's object overview — which of its classes the installed
// models recognise and how — as `sightline waste overview --json` prints it and
// `/api/v1/waste/overview` answers: {"detector", "imagenet_model", "recognised", "title",
// "intro", "classes": [{"label", "display_name", "organic", "recognised", "basis",
// "imagenet_classes"}], "heads": [{"model", "labels", "display_labels"}]}.
public import SightlineApps

public struct WasteOverviewJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "WasteOverview" }

    /// One class: whether it is recognised and on what basis ("detector", "imagenet" or null).
    public struct Class: Encodable, Sendable {
        public var label: String
        public var displayName: String
        public var organic: Bool
        public var recognised: Bool
        @Nullable public var basis: String?
        public var imagenetClasses: [String]

        private enum CodingKeys: String, CodingKey {
            case label, displayName = "display_name", organic, recognised, basis, imagenetClasses = "imagenet_classes"
        }
    }

    /// A whole-photo head, the labels it names and their names in the answer's language.
    public struct Head: Encodable, Sendable {
        public var model: String
        public var labels: [String]
        public var displayLabels: [String]

        private enum CodingKeys: String, CodingKey {
            case model, labels, displayLabels = "display_labels"
        }
    }

    @Nullable public var detector: String?
    @Nullable public var imagenetModel: String?
    public var recognised: Int
    public var title: String
    public var intro: String
    public var classes: [Class]
    public var heads: [Head]

    public init(_ overview: WasteObjectOverview, texts: WasteTexts, language: Language) {
        detector = overview.detectorModel
        imagenetModel = overview.imageNetModel
        recognised = overview.recognisedClasses.count
        title = texts.overview.title.text(in: language)
        intro = texts.overview.intro.text(in: language)
        classes = overview.entries.map { entry in
            let basis: (String?, [String]) = switch entry.basis {
            case .detector: ("detector", [])
            case .imageNet(_, let classes): ("imagenet", classes)
            case .notRecognised: (nil, [])
            }
            return Class(label: entry.wasteClass.label, displayName: entry.wasteClass.displayName.text(in: language),
                         organic: entry.wasteClass.isOrganic, recognised: entry.isRecognised, basis: basis.0,
                         imagenetClasses: basis.1)
        }
        heads = overview.heads.map { Head(model: $0.model, labels: $0.labels, displayLabels: $0.labelNames.map { $0.text(in: language) }) }
    }

    private enum CodingKeys: String, CodingKey {
        case detector, imagenetModel = "imagenet_model", recognised, title, intro, classes, heads
    }
}
