// WasteOverviewJSON: WasteGuard's object overview — which of its classes the installed
// models recognise and how — as `sightline waste overview --json` prints it and
// `/api/v1/waste/overview` answers.
import SightlineApps

public enum WasteOverviewJSON {
    /// {"detector", "imagenet_model", "recognised", "title", "intro", "classes": [{"label",
    /// "display_name", "organic", "recognised", "basis", "imagenet_classes"}], "heads": [{"model", "labels"}]}
    public static func record(_ overview: WasteObjectOverview, texts: WasteTexts, language: Language) -> JSONLine {
        .object([
            ("detector", overview.detectorModel.map { .string($0) } ?? .null),
            ("imagenet_model", overview.imageNetModel.map { .string($0) } ?? .null),
            ("recognised", .integer(overview.recognisedClasses.count)),
            ("title", .string(texts.overview.title.text(in: language))),
            ("intro", .string(texts.overview.intro.text(in: language))),
            ("classes", .array(overview.entries.map { entry in
                let basis: (String?, [String]) = switch entry.basis {
                case .detector: ("detector", [])
                case .imageNet(_, let classes): ("imagenet", classes)
                case .notRecognised: (nil, [])
                }
                return .object([
                    ("label", .string(entry.wasteClass.label)),
                    ("display_name", .string(entry.wasteClass.displayName.text(in: language))),
                    ("organic", .bool(entry.wasteClass.isOrganic)),
                    ("recognised", .bool(entry.isRecognised)),
                    ("basis", basis.0.map { .string($0) } ?? .null),
                    ("imagenet_classes", .array(basis.1.map { .string($0) })),
                ])
            })),
            ("heads", .array(overview.heads.map { head in
                .object([("model", .string(head.model)), ("labels", .array(head.labels.map { .string($0) }))])
            })),
        ])
    }
}
