// ClassifierModelOptions: `--model`, shared as an @OptionGroup by the commands that run a
// classifier on photos (classify, similar, localize): which classifier, found the same way for all.
import ArgumentParser
import SightlineVision

struct ClassifierModelOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The classifier: lite0, lite1, lite2, a model made by `sightline train`, or an .onnx path with a manifest.json beside it.",
        valueName: "model"))
    var model = "lite0"

    /// The installed model, or the .onnx file and its manifest, that `--model` names.
    func installedModel() throws -> InstalledModel {
        try ModelStore().model(model)
    }
}
