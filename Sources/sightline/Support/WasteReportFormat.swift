// WasteReportFormat: how `sightline waste` shows one analysed photo — readable text, or the JSON
// object the web layer and checks read: {"file", "mode", "objects": [{"label", "display_name",
// "organic", "confidence", "box", "bin", "guidance", …}], "information", …}.
import Foundation
import SightlineApps
import SightlineImaging

enum WasteReportFormat {
    /// The report as one JSON object. Boxes are pixels of the upright photo, origin top-left.
    static func json(_ report: WasteReport, file: String, models: [String]) -> JSONLine {
        let language = report.language
        let objects = report.items.map { item -> JSONLine in
            let object = item.object
            let box = object.boundingBox
            var members: [(String, JSONLine)] = [
                ("label", .string(object.wasteClass.label)),
                ("display_name", .string(item.displayName)),
                ("organic", .bool(object.isOrganic)),
                ("confidence", .number(object.confidence, digits: 6)),
                ("confidence_text", .string(object.confidenceText)),
                ("box", .object([("x", .number(box.x, digits: 2)), ("y", .number(box.y, digits: 2)),
                                 ("width", .number(box.width, digits: 2)), ("height", .number(box.height, digits: 2))])),
            ]
            if let guidance = item.guidance {
                members += [
                    ("bin", .string(guidance.bin.id)),
                    ("bin_name", .string(guidance.bin.name.text(in: language))),
                    ("bin_color", .string(guidance.bin.color)),
                    ("bin_symbol", .string(AppResources.url(guidance.bin.symbolPath).path)),
                    ("alternatives", .array(guidance.alternatives.map { bin in
                        .object([("bin", .string(bin.id)), ("bin_name", .string(bin.name.text(in: language)))])
                    })),
                    ("guidance", .string(guidance.reason.text(in: language))),
                ]
            } else {
                members += [("bin", .null), ("guidance", .null)]
            }
            members.append(("evidence", evidence(object.evidence)))
            return .object(members)
        }
        return .object([
            ("file", .string(file)),
            ("mode", .string(report.mode.rawValue)),
            ("language", .string(language.rawValue)),
            ("municipality", .string(report.municipality.id)),
            ("image", .object([("width", .integer(report.imageSize.width)), ("height", .integer(report.imageSize.height))])),
            ("objects", .array(objects)),
            ("verdict", report.verdict.map(verdict) ?? .null),
            ("information", .string(report.information)),
            ("models", .array(models.map { .string($0) })),
        ])
    }

    /// The report as text: the objects with their boxes and guidance, then the information text.
    static func text(_ report: WasteReport, file: String, title: String, models: [String]) -> String {
        let language = report.language
        var lines = ["\(file) — \(title) (\(models.joined(separator: ", ")); \(report.municipality.name.text(in: language)))"]
        for item in report.items {
            let box = item.object.boundingBox
            lines.append(String(format: "  %@ %@  %@  %.0f×%.0f at (%.0f, %.0f)", item.object.isOrganic ? "[green]" : "[red]",
                                item.displayName, item.object.confidenceText, box.width, box.height, box.x, box.y))
            if let guidance = item.guidance {
                var destination = "    → \(guidance.bin.name.text(in: language))"
                if !guidance.alternatives.isEmpty {
                    destination += "; also: " + guidance.alternatives.map { $0.name.text(in: language) }.joined(separator: "; ")
                }
                lines.append(destination)
                lines.append("      \(guidance.reason.text(in: language))")
            }
        }
        lines.append("")
        lines.append(report.information.trimmingCharacters(in: .newlines))
        return lines.joined(separator: "\n") + "\n"
    }

    private static func evidence(_ evidence: WasteObject.Evidence) -> JSONLine {
        switch evidence {
        case .detector(let model):
            return .object([("kind", .string("detector")), ("model", .string(model))])
        case let .imageNet(model, classes):
            return .object([
                ("kind", .string("imagenet")),
                ("model", .string(model)),
                ("classes", .array(classes.map { match in
                    .object([("label", .string(match.label)), ("index", .integer(match.index)),
                             ("confidence", .number(match.confidence, digits: 6))])
                })),
            ])
        }
    }

    private static func verdict(_ verdict: PhotoVerdict) -> JSONLine {
        func judgement(_ judgement: PhotoJudgement?) -> JSONLine {
            guard let judgement else { return .null }
            return .object([("label", .string(judgement.label)), ("confidence", .number(judgement.confidence, digits: 6)),
                            ("model", .string(judgement.model))])
        }
        return .object([
            ("organic", verdict.isOrganic.map { .bool($0) } ?? .null),
            ("organic_judgement", judgement(verdict.organic)),
            ("material", judgement(verdict.material)),
        ])
    }
}
