// HistoryCommand: `sightline recognize history` — the group of commands over the Object Recognizer's
// saved captures (`sightline recognize --save` adds to it).
import ArgumentParser

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List, show and delete the Object Recognizer's saved captures.",
        discussion: """
            Captures are added by `sightline recognize --save PATH`: the photo with its caption \
            band (JPEG), a thumbnail, the label, confidence, category, face count and time, in \
            sightline.sqlite in the data directory ($SIGHTLINE_HOME or ~/.local/share/sightline). \
            Lists are newest first; the latest capture's thumbnail is the history's thumbnail \
            (`sightline recognize history show latest --thumbnail OUT.jpg`).
            """,
        subcommands: [HistoryListCommand.self, HistoryShowCommand.self, HistoryDeleteCommand.self, HistoryClearCommand.self],
        defaultSubcommand: HistoryListCommand.self)
}
