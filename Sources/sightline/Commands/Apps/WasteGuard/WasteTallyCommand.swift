// WasteTallyCommand: `sightline waste tally` — WasteGuard's opt-in tally: switch it on or off,
// show the counts per object, or reset them. Counts only, never images.
import ArgumentParser
import SightlineApps
import SightlinePresentation
import SightlineStore

struct WasteTallyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tally",
        abstract: "Show, switch on or off, or reset WasteGuard's opt-in count of detected objects.",
        discussion: """
            When the tally is on, every object a WasteGuard analysis reports adds one to its \
            class's count. Only the numbers are stored (sightline.sqlite in the data directory); \
            it is off until switched on. --json prints {"enabled", "counts": [{"label", \
            "display_name", "count"}]}.
            """)

    @Flag(name: .customLong("on"), help: "Switch the tally on.")
    var switchOn = false

    @Flag(name: .customLong("off"), help: "Switch the tally off (the counts are kept until --reset).")
    var switchOff = false

    @Flag(help: "Forget every count.")
    var reset = false

    @Option(name: .customLong("lang"), help: "Language: en, de or uk.")
    var language: Language = .english

    @OptionGroup var format: JSONOutputOptions

    func validate() throws {
        guard !(switchOn && switchOff) else { throw ValidationError("Use either --on or --off, not both.") }
    }

    func run() async throws {
        let knowledge = try WasteKnowledge.bundled()
        let settings = WasteGuardSettings(store: try await AppDataStore.open(), knowledge: knowledge)
        let tally = WasteTallyRecorder(settings: settings)
        if switchOn || switchOff {
            try await settings.setTallyEnabled(switchOn)
        }
        if reset {
            try await tally.reset()
        }
        let enabled = try await settings.isTallyEnabled()
        let counts = try await tally.counts()
        func name(_ label: String) -> String {
            knowledge.wasteClass(label: label)?.displayName.text(in: language) ?? label
        }
        if format.json {
            printJSON(WasteTallyJSON(enabled: enabled, counts: counts, knowledge: knowledge, language: language))
            return
        }
        print(knowledge.texts.tally.explanation.text(in: language))
        print("")
        print("The tally is \(enabled ? "on" : "off").")
        for entry in counts {
            print("  \(entry.count)  \(name(entry.label))")
        }
        if counts.isEmpty { print("Nothing has been counted.") }
    }
}
