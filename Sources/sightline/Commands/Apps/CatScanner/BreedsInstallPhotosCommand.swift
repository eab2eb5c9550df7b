// BreedsInstallPhotosCommand: `sightline cat breeds install-photos DATASETS` — installs the
// encyclopaedia's pictures (cats/breed-photos.tsv) from the shared datasets folder into the data
// directory, for the set-up (`make models`); the pages show a picture only where one is installed.
import ArgumentParser
import Foundation
import SightlineApps
import SightlineVision

struct BreedsInstallPhotosCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install-photos",
        abstract: "Install the encyclopaedia's pictures from the datasets folder.",
        discussion: """
            DATASETS is the folder that holds cat-breeds-oxford (../shared/datasets in a \
            checkout). Every listed photo is read and checked before any is written, shrunk to at \
            most \(BreedPhotos.longestSide) pixels a side and stored under the data directory; \
            running it again replaces them. Each picture is shown with its credit (the \
            Oxford-IIIT Pet Dataset, CC BY-SA 4.0).
            """)

    @Argument(help: ArgumentHelp("The datasets folder.", valueName: "datasets"), completion: .directory)
    var datasets: String

    func run() throws {
        let photos = try BreedPhotos(dataDirectory: ModelStore().dataDirectory)
        let count = try photos.install(from: URL(fileURLWithPath: datasets, isDirectory: true))
        print("Installed \(count) breed pictures in \(photos.directory.path).")
    }
}
