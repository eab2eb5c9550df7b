// ModelsInstallCommand: `sightline models install` — installs the apps' trained heads in the
// repository's Models/heads/ (classifiers and detectors, trained at set-up) on the installed
// backbones. The backbones themselves are converted from PyTorch checkpoints by the set-up
// (`make models` runs scripts/install_models.py in the repository's .venv, then this command),
// so the product starts no Python.
import ArgumentParser
import Foundation
import SightlineCommandSupport
import SightlineTraining
import SightlineVision

struct ModelsInstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Install the apps' classifiers and detectors (Models/heads/) into the data directory.",
        discussion: """
            Every head file in the repository's Models/heads/ (the apps' classifiers: \
            cat-detector, cat-breeds, kitchen-ingredients, waste-organic, waste-materials, \
            waste-verifier; and the apps' object detectors, waste-detector and kitchen-detector) is \
            installed as the model named after the file: the head put on the installed backbone it \
            was trained on (lite0, lite2 for cat-breeds and waste-verifier), as `sightline train` or \
            `sightline train-detector` would have written it. A model composed from the same head \
            file is left alone; a changed head file is installed again. Models/heads/PROVENANCE.md \
            says how each head was trained.

            The pretrained backbones (EfficientNet-Lite0 and Lite2, the MTCNN face detector \
            stages) are installed by the repository's set-up: `make models` downloads and converts \
            them (scripts/install_models.py, with the .venv `make setup` made; add --all to that \
            script for EfficientNet-Lite1), trains the heads that are missing and then runs this \
            command. The repository is $SIGHTLINE_REPO, or the folder above this executable that \
            contains scripts/install_models.py.
            """)

    /// The repository folder holding the apps' head files (trained at set-up, not committed).
    static let headsFolder = "Models/heads"

    @Flag(help: ArgumentHelp("EfficientNet-Lite1 is installed by `scripts/install_models.py --all`.", visibility: .hidden))
    var all = false

    func validate() throws {
        if all {
            throw ValidationError("The pretrained models are installed by the repository's set-up: run "
                + "`.venv/bin/python scripts/install_models.py --all` in the repository for EfficientNet-Lite1, "
                + "then `sightline models install`.")
        }
    }

    func run() throws {
        let repository = try Repository.locate()
        let store = ModelStore()
        let headFiles = try TrainedHeadInstaller.headFiles(in: repository.url(Self.headsFolder))
        if headFiles.isEmpty {
            print("No head files in \(repository.url(Self.headsFolder).path): `make models` trains them from ../shared/datasets.")
        }
        for headFile in headFiles {
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
