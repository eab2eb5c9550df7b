// WasteTallyJSON: WasteGuard's opt-in tally (on or off, counts per class) as
// `sightline waste tally --json` prints it and `/api/v1/waste/tally` answers:
// {"enabled", "explanation", "counts": [{"label", "display_name", "count"}]}.
public import SightlineApps
public import SightlineStore

public struct WasteTallyJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "Tally" }

    public struct Count: Encodable, Sendable {
        public var label: String
        public var displayName: String
        public var count: Int

        private enum CodingKeys: String, CodingKey { case label, displayName = "display_name", count }
    }

    public var enabled: Bool
    public var explanation: String
    public var counts: [Count]

    public init(enabled: Bool, counts: [WasteTallyEntry], knowledge: WasteKnowledge, language: Language) {
        self.enabled = enabled
        explanation = knowledge.texts.tally.explanation.text(in: language)
        self.counts = counts.map { entry in
            Count(label: entry.label,
                  displayName: knowledge.wasteClass(label: entry.label)?.displayName.text(in: language) ?? entry.label,
                  count: entry.count)
        }
    }
}
