// Sightline: the `sightline` command-line tool's root command, listing the subcommands.
import ArgumentParser

@main
struct Sightline: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sightline",
        abstract: "On-device image recognition for Linux: nothing leaves this machine.",
        discussion: """
            Models live in the data directory: $SIGHTLINE_HOME, or ~/.local/share/sightline when \
            it is unset. Install them once with `sightline models install`.
            """,
        subcommands: [
            ClassifyCommand.self,
            FacesCommand.self,
            ModelsCommand.self,
            EvaluateImageNetCommand.self,
            BenchCommand.self,
        ])
}
