// HiddenAliases: the spellings `sightline history …`, `sightline breeds …` and `sightline breed
// NAME` from before the app commands were grouped (`sightline recognize history`, `sightline cat
// breeds`, `sightline cat breed`). They still work, so that scripts keep running, but `--help`
// does not list them.
import ArgumentParser

/// `sightline history …`: `sightline recognize history …`.
struct HistoryAliasCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: HistoryCommand.configuration.abstract,
        discussion: "The same as `sightline recognize history`.", shouldDisplay: false,
        subcommands: HistoryCommand.configuration.subcommands,
        defaultSubcommand: HistoryCommand.configuration.defaultSubcommand)
}

/// `sightline breeds …`: `sightline cat breeds …`.
struct BreedsAliasCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "breeds", abstract: BreedsCommand.configuration.abstract,
        discussion: "The same as `sightline cat breeds`.", shouldDisplay: false,
        subcommands: BreedsCommand.configuration.subcommands,
        defaultSubcommand: BreedsCommand.configuration.defaultSubcommand)
}

/// `sightline breed NAME`: `sightline cat breed NAME`.
struct BreedAliasCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "breed", abstract: BreedCommand.configuration.abstract,
        discussion: "The same as `sightline cat breed`.", shouldDisplay: false)

    @OptionGroup var breed: BreedCommand

    func run() async throws {
        try await breed.run()
    }
}
