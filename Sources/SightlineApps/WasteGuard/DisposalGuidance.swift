// DisposalGuidance: WasteGuard's per-object advice beyond the original app — which bin the
// object goes in under the selected municipality's rules, which other bins apply in special
// cases, and why.

/// Where one reported object should go, and why.
public struct DisposalGuidance: Sendable, Hashable {
    /// The municipality whose rules these are.
    public var municipalityID: String
    /// The usual destination.
    public var bin: WasteBin
    /// Other destinations for special cases the reason explains.
    public var alternatives: [WasteBin]
    /// Why, and what to watch for.
    public var reason: LocalizedText

    public init(municipalityID: String, bin: WasteBin, alternatives: [WasteBin], reason: LocalizedText) {
        self.municipalityID = municipalityID
        self.bin = bin
        self.alternatives = alternatives
        self.reason = reason
    }

    /// The guidance for `wasteClass` under `municipality`'s rules, or nil when the rules do not
    /// cover it (`WasteKnowledge` checks that every bundled municipality covers every class).
    public init?(for wasteClass: WasteClass, municipality: Municipality, knowledge: WasteKnowledge) {
        guard let rule = municipality.rule(for: wasteClass.label), let bin = knowledge.bin(id: rule.bin) else { return nil }
        self.init(municipalityID: municipality.id, bin: bin, alternatives: rule.alternatives.compactMap(knowledge.bin(id:)),
                  reason: rule.reason)
    }
}
