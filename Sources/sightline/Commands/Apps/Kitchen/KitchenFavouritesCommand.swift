// KitchenFavouritesCommand: `sightline kitchen favourites` — the group of commands over
// favourite recipes.
import ArgumentParser

struct KitchenFavouritesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favourites",
        abstract: "List, add and remove favourite recipes.",
        subcommands: [KitchenFavouritesListCommand.self, KitchenFavouritesAddCommand.self,
                      KitchenFavouritesRemoveCommand.self],
        defaultSubcommand: KitchenFavouritesListCommand.self)
}
