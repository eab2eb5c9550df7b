// ForeignMatterSearch: the rule that keeps "Check organic waste" from giving a false all-clear.
// A recogniser (the waste detector, or ImageNet classes with class-activation boxes) finds some
// objects; an organic one among them never ends the search. The whole-photo heads judge what the
// objects do not settle:
//
//   1. Every box the recogniser calls organic is cut out (with a margin of `boxMargin`) and
//      judged by the organic head. If the head calls it non-organic with at least
//      `foreignConfidence`, the object is replaced by a foreign one in the same box. A box the
//      recogniser calls foreign stays foreign, whatever the heads say.
//   2. The whole photo is searched in square windows (`windowSide` of the shorter side, half a
//      window apart), organic boxes or not: class-activation boxes are coarse, and an organic
//      object in a window only makes it look more organic. A window that shows less than
//      `minimumDetail` is not judged (a plain surface: the heads take any plain background for
//      the white board TrashNet's objects lie on, i.e. for non-organic waste). Each window the
//      organic head calls non-organic with at least `foreignConfidence` is foreign matter, boxed
//      by the strongest region of the head's class activation map for non-organic waste inside
//      the window (the window itself without one); a finding overlapping a foreign object or a
//      more confident finding by `duplicateOverlap` of the smaller one is the same and dropped.
//   3. The whole photo gets the heads' verdict. A verdict of non-organic waste is foreign matter
//      in check mode even when organic objects were found (see `WasteReport`).
//
// Foreign matter found in steps 1 and 2 is named by the materials head: the class of its most
// probable material that names one (materials.tsv: cardboard → paper, glass, metal, paper,
// plastic; TrashNet's catch-all "trash" names none). Steps 1 and 2 need both heads (the organic
// one judges, the materials one names); step 3 uses whichever is installed. Without heads, the
// recogniser's objects stand alone.
//
// The regions are judged as they are, never with the boxes painted over: with a box filled in
// one colour, the organic head called the rest of 41 of the 52 clean organic-waste photos in
// which lite0 found an object non-organic (32 of them at 99 % or more). The constants were
// chosen on the 150 `waste-materials/organic_waste` photos (which must stay clean) and on 246
// photos made by pasting a TrashNet object or a battery onto one of them (which must be
// flagged); the figures are in `Resources/waste/README.md`.
public import SightlineImaging
import SightlineVision

/// Judges what a recogniser's objects leave unexplained with the whole-photo heads.
public struct ForeignMatterSearch: Sendable {
    /// P(non-organic) a box or a window needs to be foreign matter. The organic head is sure of
    /// itself on crops, right or wrong: replaying its judgements of the windows, 0.98 flagged 10 %
    /// of the clean photos and 46 % of the composed ones, 0.99 5 % and 41 %, 0.995 3 % and 33 %.
    public static let foreignConfidence = 0.99
    /// A window's side as a fraction of the photo's shorter side. Adding windows of 0.35 flagged
    /// 73 % of the composed photos but a third of the clean ones: the shared photos are at most
    /// 320 pixels, and a blurred close-up of peelings looks non-organic to the head.
    public static let windowSide = 0.5
    /// The least `RGBImage.detail` a window must show to be judged. Most windows flagged on clean
    /// photos showed a plain surface (white product-shot backgrounds, tables, walls); from 0 to
    /// 12, the clean photos flagged by windows fell from 23 % to 5 %, the composed ones from 49 %
    /// to 41 %.
    public static let minimumDetail = 12.0
    /// The margin added around a box before it is cut out, as a fraction of its width and height
    /// on each side: the heads were trained on photos with some background around the object.
    public static let boxMargin = 0.1
    /// Two findings are one when their overlap is this share of the smaller: a window half a
    /// window away from another overlaps it by half.
    public static let duplicateOverlap = 0.25
    /// The search works on a copy of the photo whose shorter side is at most this long, so that
    /// windows are still larger than the heads' 224-pixel input.
    static let workingShorterSide = 512
    /// Boxes are cut out at most this large: twice the heads' input.
    static let cropLimit = 448

    public let heads: WholePhotoClassifiers
    public let knowledge: WasteKnowledge
    public let materials: WasteMaterials

    public init(heads: WholePhotoClassifiers, knowledge: WasteKnowledge, materials: WasteMaterials) {
        self.heads = heads
        self.knowledge = knowledge
        self.materials = materials
    }

    /// Everything found in `image` (upright): the recogniser's objects, those the heads overrule
    /// replaced, and the foreign matter in the rest, most confident first; and the heads' verdict
    /// on the whole photo.
    ///
    /// - Throws: `ClassificationError.inferenceFailed`.
    public func findings(for recognised: [WasteObject], in image: RGBImage) throws -> WasteFindings {
        var objects = recognised
        if heads.organic != nil && heads.materials != nil {
            objects = try recheckingOrganicBoxes(of: objects, in: image)
            objects += try foreignWindows(in: WorkingCopy(of: image), besides: objects)
        }
        var verdict = try heads.verdict(on: image)
        verdict?.objectsFound = !objects.isEmpty
        return WasteFindings(imageSize: image.size, objects: objects.sorted { $0.confidence > $1.confidence }, verdict: verdict)
    }

    /// Step 1: `objects` with every organic one the heads call non-organic replaced.
    private func recheckingOrganicBoxes(of objects: [WasteObject], in image: RGBImage) throws -> [WasteObject] {
        var result = objects
        for (index, judgement) in try judgedOrganicBoxes(of: objects, in: image) {
            let object = objects[index]
            if let foreign = foreignObject(judgement, box: object.boundingBox, imageSize: image.size,
                                           overrules: object.wasteClass.label) {
                result[index] = foreign
            }
        }
        return result
    }

    /// The heads' judgement of each organic object's box (with its margin), by index.
    func judgedOrganicBoxes(of objects: [WasteObject], in image: RGBImage) throws -> [(index: Int, judgement: RegionJudgement)] {
        let organic = objects.indices.filter { objects[$0].isOrganic }
        let crops = organic.map { Self.crop(objects[$0].boundingBox, margin: Self.boxMargin, of: image) }
        return Array(zip(organic, try heads.judgements(of: crops)))
    }

    /// Step 2: the foreign matter in windows of the photo that is not one of `objects`.
    private func foreignWindows(in working: WorkingCopy, besides objects: [WasteObject]) throws -> [WasteObject] {
        let candidates = try judgedWindows(in: working).compactMap { window, judgement -> WasteObject? in
            guard let probability = judgement.nonOrganicProbability, probability >= Self.foreignConfidence else { return nil }
            let region = try heads.nonOrganicRegion(in: working.image.cropped(to: window))
            let box = region.map { working.pixelRect(for: $0, in: window) } ?? working.pixelRect(for: window)
            return foreignObject(judgement, box: box, imageSize: working.original, overrules: nil)
        }.sorted { $0.confidence > $1.confidence }
        var found = objects.filter { !$0.isOrganic }
        var kept: [WasteObject] = []
        for candidate in candidates
            where !found.contains(where: { Self.overlapShare($0.boundingBox, candidate.boundingBox) >= Self.duplicateOverlap }) {
            kept.append(candidate)
            found.append(candidate)
        }
        return kept
    }

    /// The heads' judgement of every window (in working pixels) that shows at least
    /// `minimumDetail`.
    func judgedWindows(in working: WorkingCopy) throws -> [(window: ImageRect, judgement: RegionJudgement)] {
        let windows = Self.windows(in: working.image.size, side: Self.windowSide)
            .map { (window: $0, image: working.image.cropped(to: $0)) }
            .filter { $0.image.detail >= Self.minimumDetail }
        guard !windows.isEmpty else { return [] }
        return Array(zip(windows.map(\.window), try heads.judgements(of: windows.map(\.image))))
    }

    /// The foreign object `judgement` describes when its P(non-organic) reaches
    /// `foreignConfidence` and a material names a class; nil otherwise.
    private func foreignObject(_ judgement: RegionJudgement, box: PixelRect, imageSize: ImageSize,
                               overrules: String?) -> WasteObject? {
        guard let probability = judgement.nonOrganicProbability, probability >= Self.foreignConfidence,
              let organic = judgement.organic, let (material, wasteClass) = namedMaterial(of: judgement),
              !wasteClass.isOrganic else {
            return nil
        }
        let nonOrganic = PhotoJudgement(label: PhotoVerdict.nonOrganicLabel, confidence: probability, model: organic.model)
        return WasteObject(wasteClass: wasteClass, confidence: probability, boundingBox: box, imageSize: imageSize,
                           evidence: .heads(organic: nonOrganic, material: material, overrules: overrules))
    }

    /// The most probable material of `judgement` that names a WasteGuard class, with the class.
    private func namedMaterial(of judgement: RegionJudgement) -> (PhotoJudgement, WasteClass)? {
        for material in judgement.materials {
            if let wasteClass = materials.wasteClass(of: material.label, knowledge: knowledge) { return (material, wasteClass) }
        }
        return nil
    }

    // MARK: Geometry

    /// Square windows of `side` × the shorter side, half a window apart, spread evenly so the
    /// first and last touch the edges.
    static func windows(in size: ImageSize, side: Double) -> [ImageRect] {
        let length = max(1, Int((side * Double(min(size.width, size.height))).rounded()))
        func starts(_ extent: Int) -> [Int] {
            let room = extent - length
            guard room > 0 else { return [0] }
            let steps = Int((Double(room) / (Double(length) / 2)).rounded(.up))
            return (0 ... steps).map { Int((Double(room) * Double($0) / Double(steps)).rounded()) }
        }
        return starts(size.height).flatMap { y in
            starts(size.width).map { x in ImageRect(x: x, y: y, width: length, height: length) }
        }
    }

    /// `box` widened by `margin` of its size on each side, clipped to `image` and cut out,
    /// shrunk so that its longer side is at most `cropLimit` (the heads shrink it further).
    static func crop(_ box: PixelRect, margin: Double, of image: RGBImage) -> RGBImage {
        let left = min(max(0, Int((box.x - margin * box.width).rounded(.down))), image.width - 1)
        let top = min(max(0, Int((box.y - margin * box.height).rounded(.down))), image.height - 1)
        let right = min(max(left + 1, Int((box.x + box.width * (1 + margin)).rounded(.up))), image.width)
        let bottom = min(max(top + 1, Int((box.y + box.height * (1 + margin)).rounded(.up))), image.height)
        let rect = ImageRect(x: left, y: top, width: right - left, height: bottom - top)
        let longest = max(rect.width, rect.height)
        guard longest > cropLimit else { return image.cropped(to: rect) }
        let scale = Double(cropLimit) / Double(longest)
        func scaled(_ value: Int) -> Int { Int((Double(value) * scale).rounded(.down)) }
        let width = max(1, scaled(image.width)), height = max(1, scaled(image.height))
        let x = min(scaled(rect.x), width - 1), y = min(scaled(rect.y), height - 1)
        return image.resized(width: width, height: height, croppingTo: ImageRect(
            x: x, y: y, width: min(max(1, scaled(rect.width)), width - x), height: min(max(1, scaled(rect.height)), height - y)))
    }

    /// The overlap of two boxes as a share of the smaller one's area.
    static func overlapShare(_ first: PixelRect, _ second: PixelRect) -> Double {
        let width = min(first.x + first.width, second.x + second.width) - max(first.x, second.x)
        let height = min(first.y + first.height, second.y + second.height) - max(first.y, second.y)
        guard width > 0, height > 0, min(first.area, second.area) > 0 else { return 0 }
        return width * height / min(first.area, second.area)
    }
}

/// The photo at the search's working size, and the conversions between its pixels and the
/// original's.
struct WorkingCopy {
    let image: RGBImage
    /// The original photo's size.
    let original: ImageSize
    /// Working pixels per original pixel.
    let scale: Double

    init(of photo: RGBImage) {
        original = photo.size
        let shorter = min(photo.width, photo.height)
        scale = min(1, Double(ForeignMatterSearch.workingShorterSide) / Double(shorter))
        image = scale < 1
            ? photo.resized(width: max(1, Int((Double(photo.width) * scale).rounded())),
                            height: max(1, Int((Double(photo.height) * scale).rounded())))
            : photo
    }

    /// A working rectangle in original pixels.
    func pixelRect(for rect: ImageRect) -> PixelRect {
        PixelRect(x: Double(rect.x) / scale, y: Double(rect.y) / scale,
                  width: Double(rect.width) / scale, height: Double(rect.height) / scale)
    }

    /// A box in pixels of `window` (a working rectangle) in original pixels.
    func pixelRect(for box: PixelRect, in window: ImageRect) -> PixelRect {
        PixelRect(x: (Double(window.x) + box.x) / scale, y: (Double(window.y) + box.y) / scale,
                  width: box.width / scale, height: box.height / scale)
    }
}
