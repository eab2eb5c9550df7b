// WasteHelpJSON: WasteGuard's "?" help for its modes as JSON, as `sightline waste help --json`
// prints it and `/api/v1/waste/help` answers: {"modes": [{"mode", "title", "body"}]}.
public import SightlineApps

public struct WasteHelpJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "WasteHelp" }

    /// One mode's help; "body" is Markdown.
    public struct Mode: Encodable, Sendable {
        public var mode: String
        public var title: String
        public var body: String
    }

    public var modes: [Mode]

    public init(_ modes: [WasteGuardMode], texts: WasteTexts, language: Language) {
        self.modes = modes.map { mode in
            let help = texts.help(for: mode)
            return Mode(mode: mode.rawValue, title: help.title.text(in: language), body: help.body.text(in: language))
        }
    }
}
