// WasteMunicipalityJSON: the municipalities whose disposal rules WasteGuard knows and the one
// chosen, as `sightline waste municipality --json` prints them and
// `/api/v1/waste/municipality` answers.
import SightlineApps

public enum WasteMunicipalityJSON {
    /// {"selected", "municipalities": [{"id", "name", "default", "source", "note"}]}
    public static func record(selected: Municipality, knowledge: WasteKnowledge, language: Language) -> JSONLine {
        .object([
            ("selected", .string(selected.id)),
            ("municipalities", .array(knowledge.municipalities.map { municipality in
                .object([
                    ("id", .string(municipality.id)),
                    ("name", .string(municipality.name.text(in: language))),
                    ("default", .bool(municipality.isDefault)),
                    ("source", .string(municipality.source.url)),
                    ("note", .string(municipality.note.text(in: language))),
                ])
            })),
        ])
    }
}
