// DisposalRule: one municipality's rule for one WasteGuard class — the bin it usually goes in,
// the other bins its reason mentions for special cases, and the reason in each language.

/// Where one kind of object goes in one municipality, and why.
public struct DisposalRule: Sendable, Hashable, Codable {
    /// The class label the rule is for ("plastic bag").
    public var label: String
    /// The usual bin's id (`bins.tsv`).
    public var bin: String
    /// Other bins for special cases (a large amount, a dirty item, another material), by id.
    public var alternatives: [String]
    /// Why, and what to watch for, in a few sentences.
    public var reason: LocalizedText

    public init(label: String, bin: String, alternatives: [String], reason: LocalizedText) {
        self.label = label
        self.bin = bin
        self.alternatives = alternatives
        self.reason = reason
    }
}
