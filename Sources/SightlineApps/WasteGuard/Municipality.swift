// Municipality: one area's disposal rules for WasteGuard's classes, as stored in
// `waste/municipalities/<id>.json` — its name, the waste authority's page the rules follow, a
// note shown with them, and one rule per class.

/// The disposal rules of one municipality.
public struct Municipality: Sendable, Hashable, Codable, Identifiable {
    /// The waste authority's public page the rules were checked against.
    public struct Source: Sendable, Hashable, Codable {
        public var title: String
        public var url: String

        public init(title: String, url: String) {
            self.title = title
            self.url = url
        }
    }

    /// The file name without `.json` ("ulm-alb-donau").
    public var id: String
    public var name: LocalizedText
    /// True for the one municipality used when the user has chosen none.
    public var isDefault: Bool
    public var source: Source
    /// Whose rules these are and what local names the bins have.
    public var note: LocalizedText
    /// One rule per WasteGuard class.
    public var rules: [DisposalRule]

    public init(id: String, name: LocalizedText, isDefault: Bool, source: Source, note: LocalizedText, rules: [DisposalRule]) {
        self.id = id
        self.name = name
        self.isDefault = isDefault
        self.source = source
        self.note = note
        self.rules = rules
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, source, note, rules
        case isDefault = "default"
    }

    /// The rule for the class `label`, or nil.
    public func rule(for label: String) -> DisposalRule? {
        rules.first { $0.label == label }
    }
}
