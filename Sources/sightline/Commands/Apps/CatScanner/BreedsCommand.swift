// BreedsCommand: `sightline cat breeds` — the Cat Scanner's encyclopaedia: search and filter it (the
// default subcommand), manage favourite breeds and install the entries' pictures.
import ArgumentParser

struct BreedsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "breeds",
        abstract: "The cat breed encyclopaedia: search, filter, favourites.",
        discussion: """
            `sightline cat breeds [QUERY] [--filter key=value …] [--json]` lists entries (see \
            `sightline cat breeds search --help`); `sightline cat breeds favourites …` lists, adds and \
            removes favourites; `sightline cat breed NAME` shows one entry; `sightline cat breeds \
            install-photos DATASETS` installs the pictures.
            """,
        subcommands: [BreedsSearchCommand.self, BreedsFavouritesCommand.self, BreedsInstallPhotosCommand.self],
        defaultSubcommand: BreedsSearchCommand.self)
}
