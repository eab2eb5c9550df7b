// WasteHelpCommand: `sightline waste help` — WasteGuard's help for each mode: what it does and how
// to take a good photo.
import ArgumentParser
import SightlineApps
import SightlinePresentation

struct WasteHelpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "help",
        abstract: "Show WasteGuard's help for a mode (both modes without --mode).",
        discussion: "For the command's options, use `sightline waste analyze --help`.")

    @Option(help: "check or classify.")
    var mode: WasteGuardMode?

    @Option(name: .customLong("lang"), help: "Language: en, de or uk.")
    var language: Language = .english

    @OptionGroup var format: JSONOutputOptions

    func run() throws {
        let texts = try WasteKnowledge.bundled().texts
        let modes = mode.map { [$0] } ?? WasteGuardMode.allCases
        if format.json {
            printJSON(WasteHelpJSON(modes, texts: texts, language: language))
            return
        }
        let sections = modes.map { mode in
            let help = texts.help(for: mode)
            return "\(help.title.text(in: language)) (--mode \(mode.rawValue))\n\n\(help.body.text(in: language))\n"
        }
        print(sections.joined(separator: "\n"), terminator: "")
    }
}
