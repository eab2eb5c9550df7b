// RegionJudgement: what WasteGuard's whole-photo heads say about one image — a photo, a
// detected box cut out of one, or a window of one — before any rule is applied:
// the organic head's probability that it is not organic waste, and the materials head's ranking.

/// The installed heads' judgement of one image.
public struct RegionJudgement: Sendable, Hashable {
    /// The organic head's winning label and probability; nil without the head.
    public var organic: PhotoJudgement?
    /// The materials head's labels, most probable first; empty without the head.
    public var materials: [PhotoJudgement]

    public init(organic: PhotoJudgement?, materials: [PhotoJudgement]) {
        self.organic = organic
        self.materials = materials
    }

    /// The organic head's probability (0…1) that the image is not organic waste; nil without
    /// the head. The head has exactly the two labels, so this is 1 − P(organic).
    public var nonOrganicProbability: Double? {
        organic.map { $0.label == PhotoVerdict.nonOrganicLabel ? $0.confidence : 1 - $0.confidence }
    }

    /// The judgement as a whole-photo verdict: the material only when the image is not judged
    /// organic (materials describe non-organic waste); nil without heads.
    public var verdict: PhotoVerdict? {
        guard organic != nil || !materials.isEmpty else { return nil }
        let judgedOrganic = organic?.label == PhotoVerdict.organicLabel
        return PhotoVerdict(organic: organic, material: judgedOrganic ? nil : materials.first)
    }
}
