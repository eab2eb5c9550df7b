// WasteCommand: `sightline waste` — WasteGuard, the organic-waste purity checker: analyse photos
// (the default subcommand), the object overview, help per mode, the consent documents, the
// opt-in tally and the municipality whose disposal rules apply.
import ArgumentParser

struct WasteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waste",
        abstract: "WasteGuard: check organic waste for foreign matter, or classify waste objects.",
        discussion: """
            `sightline waste [--mode check|classify] PATH` analyses photos (see \
            `sightline waste analyze --help`). Before the first analysis, read and accept the \
            privacy policy, disclaimer and terms of use: `sightline waste consent`.
            """,
        subcommands: [WasteAnalyzeCommand.self, WasteOverviewCommand.self, WasteHelpCommand.self,
                      WasteConsentCommand.self, WasteTallyCommand.self, WasteMunicipalityCommand.self],
        defaultSubcommand: WasteAnalyzeCommand.self)
}
