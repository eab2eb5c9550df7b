// WasteReportJSON: one photo analysed by WasteGuard as JSON — {"file", "mode", "language",
// "municipality", "image", "objects": [{"label", "display_name", "organic", "confidence", "box",
// "bin", "guidance", "evidence", …}], "verdict", "information", "models"} — as
// `sightline waste --json` prints it and `POST /api/v1/waste` answers.
import Foundation
public import SightlineApps
import SightlineImaging
import SightlineVision

public struct WasteReportJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "WasteReport" }

    /// `{"label", "confidence", "model"}`: one model's judgement.
    public struct Judgement: Encodable, Sendable {
        public var label: String
        public var confidence: Double
        public var model: String

        init(_ judgement: PhotoJudgement) {
            label = judgement.label
            confidence = judgement.confidence
            model = judgement.model
        }
    }

    /// `{"label", "index", "confidence"}`: an ImageNet class of the general model behind an object.
    public struct ImageNetClass: Encodable, Sendable {
        public var label: String
        public var index: Int
        public var confidence: Double
    }

    /// `{"bin", "bin_name"}`: another bin the object may go into.
    public struct Alternative: Encodable, Sendable {
        public var bin: String
        public var binName: String

        private enum CodingKeys: String, CodingKey { case bin, binName = "bin_name" }
    }

    /// Why the object is reported: a detector box (with the verifier's judgement), ImageNet
    /// classes of the general model, or a part of the photo the whole-photo heads judged.
    public enum Evidence: Encodable, Sendable {
        case detector(model: String, verification: Judgement?)
        case imageNet(model: String, classes: [ImageNetClass])
        case heads(model: String, material: Judgement, overrules: String?)

        init(_ evidence: WasteObject.Evidence) {
            switch evidence {
            case let .detector(model, verification):
                self = .detector(model: model, verification: verification.map(Judgement.init))
            case let .imageNet(model, classes):
                self = .imageNet(model: model, classes: classes.map {
                    ImageNetClass(label: $0.label, index: $0.index, confidence: $0.confidence)
                })
            case let .heads(organic, material, overrules):
                self = .heads(model: organic.model, material: Judgement(material), overrules: overrules)
            }
        }

        private enum CodingKeys: String, CodingKey { case kind, model, verification, classes, material, overrules }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case let .detector(model, verification):
                try container.encode("detector", forKey: .kind)
                try container.encode(model, forKey: .model)
                try container.encode(verification, forKey: .verification)
            case let .imageNet(model, classes):
                try container.encode("imagenet", forKey: .kind)
                try container.encode(model, forKey: .model)
                try container.encode(classes, forKey: .classes)
            case let .heads(model, material, overrules):
                try container.encode("heads", forKey: .kind)
                try container.encode(model, forKey: .model)
                try container.encode(material, forKey: .material)
                try container.encode(overrules, forKey: .overrules)
            }
        }
    }

    /// One object: what it is, where (pixels of the upright photo, origin top-left), which bin
    /// and why — "bin" and "guidance" null when no rule covers it.
    public struct Object: Encodable, Sendable {
        /// Where the object's rule sends it; encoded as `{"bin", "bin_name", "bin_color",
        /// "bin_symbol", "alternatives", "text"}` where it stands alone (a verdict's guidance).
        public struct Guidance: Encodable, Sendable {
            public var bin: String
            public var binName: String
            public var binColor: String
            public var binSymbol: String
            public var alternatives: [Alternative]
            public var text: String

            private enum CodingKeys: String, CodingKey {
                case bin, binName = "bin_name", binColor = "bin_color", binSymbol = "bin_symbol", alternatives, text
            }
        }

        public var label: String
        public var displayName: String
        public var organic: Bool
        public var confidence: Double
        public var confidenceText: String
        public var box: Box
        public var guidance: Guidance?
        public var evidence: Evidence

        private enum CodingKeys: String, CodingKey {
            case label, displayName = "display_name", organic, confidence, confidenceText = "confidence_text", box
            case bin, binName = "bin_name", binColor = "bin_color", binSymbol = "bin_symbol", alternatives, guidance, evidence
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(label, forKey: .label)
            try container.encode(displayName, forKey: .displayName)
            try container.encode(organic, forKey: .organic)
            try container.encode(confidence, forKey: .confidence)
            try container.encode(confidenceText, forKey: .confidenceText)
            try container.encode(box, forKey: .box)
            if let guidance {
                try container.encode(guidance.bin, forKey: .bin)
                try container.encode(guidance.binName, forKey: .binName)
                try container.encode(guidance.binColor, forKey: .binColor)
                try container.encode(guidance.binSymbol, forKey: .binSymbol)
                try container.encode(guidance.alternatives, forKey: .alternatives)
                try container.encode(guidance.text, forKey: .guidance)
            } else {
                try container.encodeNil(forKey: .bin)
                try container.encodeNil(forKey: .guidance)
            }
            try container.encode(evidence, forKey: .evidence)
        }
    }

    /// `{"x", "y", "width", "height"}` in pixels.
    public struct Box: Encodable, Sendable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
    }

    /// `{"width", "height"}` of the upright photo.
    public struct Size: Encodable, Sendable {
        public var width: Int
        public var height: Int
    }

    /// `{"organic", "organic_judgement", "material", "guidance"}`: the whole-photo heads' verdict
    /// and, when the report shows it, where the waste it describes goes.
    public struct Verdict: Encodable, Sendable {
        @Nullable public var organic: Bool?
        @Nullable public var organicJudgement: Judgement?
        @Nullable public var material: Judgement?
        @Nullable public var guidance: Object.Guidance?

        private enum CodingKeys: String, CodingKey { case organic, organicJudgement = "organic_judgement", material, guidance }
    }

    public var file: String
    public var mode: String
    public var language: String
    public var municipality: String
    public var image: Size
    public var objects: [Object]
    @Nullable public var verdict: Verdict?
    public var information: String
    public var models: [String]

    /// The report of the photo called `file`; "bin_symbol" is where `symbolLocation` says the
    /// bin's SVG symbol is (a path or a URL).
    public init(_ report: WasteReport, file: String, models: [String], symbolLocation: (WasteBin) -> String) {
        let language = report.language
        self.file = file
        mode = report.mode.rawValue
        self.language = language.rawValue
        municipality = report.municipality.id
        image = Size(width: report.imageSize.width, height: report.imageSize.height)
        objects = report.items.map { item in
            let object = item.object
            let box = object.boundingBox.inHundredths
            return Object(
                label: object.wasteClass.label, displayName: item.displayName, organic: object.isOrganic,
                confidence: object.confidence, confidenceText: object.confidenceText,
                box: Box(x: box.x, y: box.y, width: box.width, height: box.height),
                guidance: item.guidance.map { Self.guidance($0, in: language, symbolLocation: symbolLocation) },
                evidence: Evidence(object.evidence))
        }
        verdict = report.verdict.map { verdict in
            Verdict(organic: verdict.isOrganic, organicJudgement: verdict.organic.map(Judgement.init),
                    material: verdict.material.map(Judgement.init),
                    guidance: report.verdictGuidance.map { Self.guidance($0, in: language, symbolLocation: symbolLocation) })
        }
        information = report.information
        self.models = models
    }

    private static func guidance(_ guidance: DisposalGuidance, in language: Language, symbolLocation: (WasteBin) -> String)
        -> Object.Guidance {
        Object.Guidance(bin: guidance.bin.id, binName: guidance.bin.name.text(in: language), binColor: guidance.bin.color,
                        binSymbol: symbolLocation(guidance.bin),
                        alternatives: guidance.alternatives.map { Alternative(bin: $0.id, binName: $0.name.text(in: language)) },
                        text: guidance.reason.text(in: language))
    }

    private enum CodingKeys: String, CodingKey {
        case file, mode, language, municipality, image, objects, verdict, information, models
    }
}
