// WasteHelpJSON: WasteGuard's "?" help for its modes as JSON, as `sightline waste help --json`
// prints it and `/api/v1/waste/help` answers: {"modes": [{"mode", "title", "body"}]}.
import SightlineApps

public enum WasteHelpJSON {
    public static func record(_ modes: [WasteGuardMode], texts: WasteTexts, language: Language) -> JSONLine {
        .object([("modes", .array(modes.map { mode in
            let help = texts.help(for: mode)
            return .object([
                ("mode", .string(mode.rawValue)),
                ("title", .string(help.title.text(in: language))),
                ("body", .string(help.body.text(in: language))),
            ])
        }))])
    }
}
