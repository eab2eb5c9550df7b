// RecognizeCommand: `sightline recognize` — the Object Recognizer: recognise photos (the default
// subcommand) and the history of saved captures.
import ArgumentParser

struct RecognizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recognize",
        abstract: "Object Recognizer: name the main object of photos, with its confidence and category.",
        discussion: """
            `sightline recognize PATH…` recognises photos (see `sightline recognize photos --help`); \
            with --save each capture goes into the history, which `sightline recognize history` \
            lists, shows and deletes.
            """,
        subcommands: [RecognizePhotosCommand.self, HistoryCommand.self],
        defaultSubcommand: RecognizePhotosCommand.self)
}
