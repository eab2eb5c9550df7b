// WasteTallyJSON: WasteGuard's opt-in tally (on or off, counts per class) as
// `sightline waste tally --json` prints it and `/api/v1/waste/tally` answers.
import SightlineApps
import SightlineStore

public enum WasteTallyJSON {
    /// {"enabled", "explanation", "counts": [{"label", "display_name", "count"}]}
    public static func record(enabled: Bool, counts: [WasteTallyEntry], knowledge: WasteKnowledge, language: Language) -> JSONLine {
        .object([
            ("enabled", .bool(enabled)),
            ("explanation", .string(knowledge.texts.tally.explanation.text(in: language))),
            ("counts", .array(counts.map { entry in
                .object([
                    ("label", .string(entry.label)),
                    ("display_name", .string(knowledge.wasteClass(label: entry.label)?.displayName.text(in: language) ?? entry.label)),
                    ("count", .integer(entry.count)),
                ])
            })),
        ])
    }
}
