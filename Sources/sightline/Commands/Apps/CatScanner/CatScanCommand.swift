// CatScanCommand: `sightline cat [scan] PATH…` — the Cat Scanner's pipeline on photos: detect a
// cat, choose the message, run the breed classifier anyway, show the top three breeds and save
// the scan to the history.
import ArgumentParser
import Foundation
import SightlineApps
import SightlineCommandSupport
import SightlinePresentation
import SightlineStore
import SightlineVision

struct CatScanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Scan photos for a cat and its three most likely breeds.",
        discussion: """
            Each PATH is an image file (JPEG, PNG, WebP) or a folder (walked for .jpg, .jpeg, \
            .png, .webp). For each photo the cat detector (model cat-detector) decides between \
            "This cat shares the features of:" and "I don't think this is a cat but if it was \
            it would be:"; the breed classifier (model cat-breeds) runs either way and its \
            three most likely breeds are shown as "<Breed>: <value>%". Breed names are the \
            encyclopaedia's: `sightline cat breed NAME` shows the entry.

            As in the original app every scan is saved to the cat history (the photo as a JPEG \
            of at most 1600 pixels a side, a thumbnail, the time and the results); --no-save \
            scans without saving. The models are trained with `sightline train`: \
            cat-detector on folders "cat" and "not cat", cat-breeds on one folder per breed.

            With --json each photo is one JSON object per line:
              {"file", "is_cat", "cat_confidence", "message", "breeds": [{"name", "confidence"} ×3], "history_id"}
              {"file", "error"}
            The exit status is 0 only if every photo was scanned.
            """)

    @OptionGroup var format: JSONOutputOptions

    @Flag(help: "Do not save the scans to the cat history.")
    var noSave = false

    @Option(name: .customLong("lang"), help: "Language of the message in text output: en, de or uk.")
    var language: Language = .english

    @OptionGroup var engine: EngineOptions

    @Argument(help: ArgumentHelp("Photos and folders of photos.", valueName: "path"))
    var paths: [String]

    func validate() throws {
    }

    func run() async throws {
        let files = try ImageFileCollector.collectSome(paths)
        let encyclopaedia = try BreedEncyclopaedia.bundled()
        let scanner = try CatScanner.installed(options: engine.inferenceOptions)
        let unknownLabels = encyclopaedia.labelsWithoutEntry(scanner.breedClassifier.labels)
        if !unknownLabels.isEmpty {
            StandardError.print("warning: the breed classifier's labels \(unknownLabels.joined(separator: ", ")) "
                + "have no encyclopaedia entry; retrain it with breed folders named as the encyclopaedia names them.")
        }
        let archive = noSave ? nil : CatScanArchive(store: try await AppDataStore.open())
        try await PhotoBytesLoop(files: files, json: format.json).run { file, photo in
            let result = try scanner.scan(photo: photo)
            let historyID = try await archive?.save(result, photo: photo).id
            return format.json ? try CatScanJSON(result, file: file.displayPath, historyID: historyID, language: language).jsonText()
                        : CatScanFormat.text(result, file: file.displayPath, historyID: historyID,
                                             encyclopaedia: encyclopaedia, language: language)
        }
    }
}
