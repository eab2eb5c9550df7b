// WasteReportJSON: one photo analysed by WasteGuard as JSON — {"file", "mode", "objects":
// [{"label", "display_name", "organic", "confidence", "box", "bin", "guidance", …}],
// "information", …} — as `sightline waste --json` prints it and `POST /api/v1/waste` answers.
import Foundation
import SightlineApps
import SightlineImaging
import SightlineVision

public enum WasteReportJSON {
    /// The report as one JSON object. Boxes are pixels of the upright photo, origin top-left;
    /// "bin_symbol" is where `symbolLocation` says the bin's SVG symbol is (a path or a URL).
    public static func record(_ report: WasteReport, file: String, models: [String],
                              symbolLocation: (WasteBin) -> String) -> JSONLine {
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
                    ("bin_symbol", .string(symbolLocation(guidance.bin))),
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

    private static func evidence(_ evidence: WasteObject.Evidence) -> JSONLine {
        switch evidence {
        case let .detector(model, verification):
            return .object([
                ("kind", .string("detector")),
                ("model", .string(model)),
                ("verification", verification.map { judgement in
                    .object([("label", .string(judgement.label)), ("confidence", .number(judgement.confidence, digits: 6)),
                             ("model", .string(judgement.model))])
                } ?? .null),
            ])
        case let .imageNet(model, classes):
            return .object([
                ("kind", .string("imagenet")),
                ("model", .string(model)),
                ("classes", .array(classes.map { match in
                    .object([("label", .string(match.label)), ("index", .integer(match.index)),
                             ("confidence", .number(match.confidence, digits: 6))])
                })),
            ])
        case let .heads(organic, material, overrules):
            return .object([
                ("kind", .string("heads")),
                ("model", .string(organic.model)),
                ("material", .object([("label", .string(material.label)), ("confidence", .number(material.confidence, digits: 6)),
                                      ("model", .string(material.model))])),
                ("overrules", overrules.map { .string($0) } ?? .null),
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
