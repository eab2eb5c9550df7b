// WasteReport: a WasteGuard result as the user sees it, in one mode, language and
// municipality — the reported objects (only non-organic ones in check mode) with display names,
// box colours and disposal guidance, the heads' verdict on the whole photo with the bin it
// points to, and the information text, which always ends with where things go. A verdict of non-organic waste is foreign matter too: in check mode its
// sentence follows the objects' text, or replaces "No foreign matter was detected in the
// waste.", which is said only when no object is reported and no verdict finds foreign matter.
public import SightlineImaging
import SightlineVision

/// One analysed photo, ready to show.
public struct WasteReport: Sendable, Hashable {
    /// One reported object.
    public struct Item: Sendable, Hashable {
        public var object: WasteObject
        /// The class's display name in the report's language ("paper towel").
        public var displayName: String
        /// The box colour: green for organic, red for non-organic.
        public var role: AnnotationRole
        /// Nil only if the municipality has no rule for the class.
        public var guidance: DisposalGuidance?
    }

    public var mode: WasteGuardMode
    public var language: Language
    public var municipality: Municipality
    public var imageSize: ImageSize
    /// The objects reported in `mode`, most confident first.
    public var items: [Item]
    /// The heads' verdict on the whole photo, if any.
    public var verdict: PhotoVerdict?
    /// The information text: the original app's text for `items`, followed by the verdict's
    /// sentence when it is shown; only the verdict's sentence when nothing is reported. The
    /// verdict is shown when it finds foreign matter, and in classify mode also when nothing
    /// else is reported.
    public var information: String
    /// The short verdict for a caption band, empty when the verdict is not shown.
    public var verdictCaption: String
    /// Where the waste the shown verdict describes goes under the municipality's rules (the
    /// material's class, the organic waste bin, or general waste); nil when no verdict is shown.
    public var verdictGuidance: DisposalGuidance?

    /// Applies `mode`, `language` and `municipality` to `findings`.
    public init(findings: WasteFindings, mode: WasteGuardMode, language: Language, municipality: Municipality,
                knowledge: WasteKnowledge, materials: WasteMaterials) {
        let reported = findings.objects.filter { mode.reports(organic: $0.isOrganic) }
        items = reported.map { object in
            Item(object: object, displayName: object.wasteClass.displayName.text(in: language),
                 role: object.isOrganic ? .organic : .nonOrganic,
                 guidance: DisposalGuidance(for: object.wasteClass, municipality: municipality, knowledge: knowledge))
        }
        self.mode = mode
        self.language = language
        self.municipality = municipality
        imageSize = findings.imageSize
        verdict = findings.verdict
        let nothingReported = items.isEmpty
        let shown = findings.verdict.flatMap { verdict in
            verdict.indicatesForeignMatter || (nothingReported && mode == .classify) ? verdict : nil
        }
        verdictGuidance = shown.flatMap { Self.guidance(for: $0, municipality: municipality, knowledge: knowledge, materials: materials) }
        let verdictText = (shown?.text(in: language, materials: materials) ?? "")
            + (verdictGuidance.map { WhereItGoes.sentence(bin: $0.bin.name.text(in: language), in: language) } ?? "")
        // With nothing reported, the original's "No foreign matter was detected" would contradict
        // a verdict of non-organic waste; the verdict's sentence says it all.
        information = items.isEmpty && !verdictText.isEmpty
            ? verdictText
            : WasteInformation.text(
                mode: mode, objects: items.map { WasteInformation.Entry(displayName: $0.displayName, isOrganic: $0.object.isOrganic) },
                phrases: .phrases(in: language)) + verdictText
        verdictCaption = shown?.caption(in: language, materials: materials) ?? ""
    }

    /// Where the waste a verdict describes goes: its material's class under the municipality's
    /// rules; without a material (or for "other waste"), the organic waste bin for an organic
    /// verdict and the general waste bin otherwise.
    static func guidance(for verdict: PhotoVerdict, municipality: Municipality, knowledge: WasteKnowledge,
                         materials: WasteMaterials) -> DisposalGuidance? {
        if let material = verdict.material, let wasteClass = materials.wasteClass(of: material.label, knowledge: knowledge),
           let guidance = DisposalGuidance(for: wasteClass, municipality: municipality, knowledge: knowledge) {
            return guidance
        }
        let organic = verdict.isOrganic == true
        guard let bin = knowledge.bin(id: organic ? WhereItGoes.organicBin : WhereItGoes.generalBin) else { return nil }
        return DisposalGuidance(municipalityID: municipality.id, bin: bin, alternatives: [],
                                reason: organic ? WhereItGoes.organicReason : WhereItGoes.generalReason)
    }

    /// The report of a photo that was analysed decoded at a reduced scale, in pixels of the
    /// whole photo of `fullSize`: the image size and every box stretched from the analysed
    /// image's pixels (the normalised boxes stay).
    public func inPhoto(of fullSize: ImageSize) -> WasteReport {
        guard imageSize != fullSize, imageSize.width > 0, imageSize.height > 0 else { return self }
        let (x, y) = (Double(fullSize.width) / Double(imageSize.width), Double(fullSize.height) / Double(imageSize.height))
        var report = self
        report.imageSize = fullSize
        report.items = items.map { item in
            var item = item
            let box = item.object.boundingBox
            item.object = WasteObject(wasteClass: item.object.wasteClass, confidence: item.object.confidence,
                                      boundingBox: PixelRect(x: box.x * x, y: box.y * y, width: box.width * x, height: box.height * y),
                                      imageSize: fullSize, evidence: item.object.evidence)
            return item
        }
        return report
    }

    /// Draws the result on `photo` (the upright photo analysed): each reported object's box in
    /// green or red labelled with its confidence ("87.3%"), the least confident first so the
    /// most confident label stays on top; a verdict goes in a caption band near the top.
    public func annotate(_ photo: RGBImage, font: Font) -> RGBImage {
        var annotator = ImageAnnotator(image: photo, font: font)
        for item in items.sorted(by: { $0.object.confidence < $1.object.confidence }) {
            let box = item.object.boundingBox
            annotator.drawBox(.pixels(x: box.x, y: box.y, width: box.width, height: box.height), role: item.role,
                              label: item.object.confidenceText)
        }
        annotator.drawCaption(verdictCaption)
        return annotator.image
    }
}
