// BreedsFavouritesCommand: `sightline cat breeds favourites` — the group of commands over favourite
// encyclopaedia entries.
import ArgumentParser

struct BreedsFavouritesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favourites",
        abstract: "List, add and remove favourite breeds.",
        discussion: "Favourites are kept in sightline.sqlite in the data directory, newest first.",
        subcommands: [BreedsFavouritesListCommand.self, BreedsFavouritesAddCommand.self,
                      BreedsFavouritesRemoveCommand.self],
        defaultSubcommand: BreedsFavouritesListCommand.self)
}
