// ModelsCommand: `sightline models` — the group of commands that install, add and list models.
import ArgumentParser

struct ModelsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "models",
        abstract: "Install, add, list and calibrate the models in the data directory.",
        discussion: """
            The data directory is $SIGHTLINE_HOME, or ~/.local/share/sightline when it is unset; \
            each model is a folder models/<name>/ with model.onnx and manifest.json.
            """,
        subcommands: [ModelsInstallCommand.self, ModelsListCommand.self, ModelsAddCommand.self, ModelsCalibrateCommand.self])
}
