// CatHistoryCommand: `sightline cat history` — the group of commands over the Cat Scanner's
// saved scans (`sightline cat PATH` adds to it).
import ArgumentParser

struct CatHistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List, show and delete the Cat Scanner's saved scans.",
        discussion: """
            Scans are saved by `sightline cat PATH` (unless --no-save): the photo as a JPEG of \
            at most 1600 pixels a side, a 256-pixel thumbnail, the date and time, the detector's \
            verdict, the message and the top three breeds, in sightline.sqlite in the data \
            directory ($SIGHTLINE_HOME or ~/.local/share/sightline). Lists are newest first.
            """,
        subcommands: [CatHistoryListCommand.self, CatHistoryShowCommand.self, CatHistoryDeleteCommand.self,
                      CatHistoryClearCommand.self],
        defaultSubcommand: CatHistoryListCommand.self)
}
