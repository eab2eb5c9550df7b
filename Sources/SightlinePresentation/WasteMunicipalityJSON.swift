// WasteMunicipalityJSON: the municipalities whose disposal rules WasteGuard knows and the one
// chosen, as `sightline waste municipality --json` prints them and
// `/api/v1/waste/municipality` answers: {"selected", "municipalities": [{"id", "name",
// "default", "source", "note"}]}.
public import SightlineApps

public struct WasteMunicipalityJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "Municipalities" }

    /// One municipality; "source" is where its rules are published.
    public struct Entry: Encodable, Sendable {
        public var id: String
        public var name: String
        public var `default`: Bool
        public var source: String
        public var note: String
    }

    public var selected: String
    public var municipalities: [Entry]

    public init(selected: Municipality, knowledge: WasteKnowledge, language: Language) {
        self.selected = selected.id
        municipalities = knowledge.municipalities.map { municipality in
            Entry(id: municipality.id, name: municipality.name.text(in: language), default: municipality.isDefault,
                  source: municipality.source.url, note: municipality.note.text(in: language))
        }
    }
}
