// Sightline: the `sightline` command-line tool's root command, listing the subcommands. It is
// an AsyncParsableCommand so that subcommands that go online (kitchen recipes) can be async.
import ArgumentParser

@main
struct Sightline: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sightline",
        abstract: "On-device image recognition for Linux: nothing leaves this machine.",
        discussion: """
            Models live in the data directory: $SIGHTLINE_HOME, or ~/.local/share/sightline when \
            it is unset. Install them once with `make models`.
            """,
        subcommands: [
            ClassifyCommand.self,
            FacesCommand.self,
            DetectCommand.self,
            LocalizeCommand.self,
            SimilarCommand.self,
            IndexCommand.self,
            TrainCommand.self,
            TrainDetectorCommand.self,
            EvaluateCommand.self,
            RecognizeCommand.self,
            WasteCommand.self,
            CatCommand.self,
            KitchenCommand.self,
            ModelsCommand.self,
            EvaluateDetectorCommand.self,
            ServeCommand.self,
            TokensCommand.self,
            HistoryAliasCommand.self,
            BreedsAliasCommand.self,
            BreedAliasCommand.self,
        ])
}
