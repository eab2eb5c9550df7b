// CatCommand: `sightline cat` — the Cat Scanner: scan photos (the default subcommand) and the
// history of saved scans.
import ArgumentParser

struct CatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cat",
        abstract: "Cat Scanner: is this a cat, and which breeds does it look like?",
        discussion: """
            `sightline cat PATH…` scans photos (see `sightline cat scan --help`) and, like the \
            original app, saves each scan to the cat history unless --no-save is given. \
            `sightline cat history` lists, shows and deletes saved scans. The encyclopaedia is \
            `sightline breeds` and `sightline breed NAME`.
            """,
        subcommands: [CatScanCommand.self, CatHistoryCommand.self],
        defaultSubcommand: CatScanCommand.self)
}
