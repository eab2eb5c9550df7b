// CatCommand: `sightline cat` — the Cat Scanner: scan photos (the default subcommand), the
// history of saved scans and the breed encyclopaedia.
import ArgumentParser

struct CatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cat",
        abstract: "Cat Scanner: is this a cat, and which breeds does it look like?",
        discussion: """
            `sightline cat PATH…` scans photos (see `sightline cat scan --help`) and, like the \
            original app, saves each scan to the cat history unless --no-save is given. \
            `sightline cat history` lists, shows and deletes saved scans. The encyclopaedia is \
            `sightline cat breeds` and `sightline cat breed NAME`.
            """,
        subcommands: [CatScanCommand.self, CatHistoryCommand.self, BreedsCommand.self, BreedCommand.self],
        defaultSubcommand: CatScanCommand.self)
}
