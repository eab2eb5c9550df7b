// BreedsCommand: `sightline cat breeds` — the Cat Scanner's encyclopaedia: search and filter it (the
// default subcommand) and manage favourite breeds.
import ArgumentParser

struct BreedsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "breeds",
        abstract: "The cat breed encyclopaedia: search, filter, favourites.",
        discussion: """
            `sightline cat breeds [QUERY] [--filter key=value …] [--json]` lists entries (see \
            `sightline cat breeds search --help`); `sightline cat breeds favourites …` lists, adds and \
            removes favourites; `sightline cat breed NAME` shows one entry.
            """,
        subcommands: [BreedsSearchCommand.self, BreedsFavouritesCommand.self],
        defaultSubcommand: BreedsSearchCommand.self)
}
