// CatScanCommand: `sightline cat [scan] PATH…` — the Cat Scanner's pipeline on photos: detect a
// cat, lead with the verdict, show the message and the likely breeds (for a photo that is not a
// cat only with --breeds-anyway) and save the scan to the history.
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
            .png, .webp). For each photo the cat detector (model cat-detector) decides whether \
            it shows a cat, and the scan leads with "A cat", "A cat — not sure which breed" (the \
            breed classifier's first breed is below its calibrated confidence threshold) or \
            "Not a cat". Then comes "This cat shares the features of:" with the most likely \
            breeds of the breed classifier (model cat-breeds) as "<Breed>: <value>%" — at most \
            three, none under 5 %. For a photo that is not a cat the breeds, under "I don't \
            think this is a cat but if it was it would be:", are shown only with \
            --breeds-anyway (JSON always has them). Breed names are the encyclopaedia's: \
            `sightline cat breed NAME` shows the entry.

            As in the original app every scan is saved to the cat history (the photo as a JPEG \
            of at most 1600 pixels a side, a thumbnail, the time and the results); --no-save \
            scans without saving. The models are trained with `sightline train`: \
            cat-detector on folders "cat" and "not cat", cat-breeds on one folder per breed.

            With --json each photo is one JSON object per line:
              {"file", "is_cat", "cat_confidence", "headline", "message", "breeds": [{"name", "confidence"} ≤3], "breeds_sure", "history_id"}
              {"file", "error"}
            The exit status is 0 only if every photo was scanned.
            """)

    @OptionGroup var format: JSONOutputOptions

    @Flag(help: "Do not save the scans to the cat history.")
    var noSave = false

    @Flag(help: "Also show the likely breeds of photos that are not of a cat.")
    var breedsAnyway = false

    @Option(name: .customLong("lang"), help: "Language of the message in text output: en, de or uk.")
    var language: Language = .english

    @OptionGroup var engine: EngineOptions

    @Argument(help: ArgumentHelp("Photos and folders of photos.", valueName: "path"))
    var paths: [String]

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
                                             encyclopaedia: encyclopaedia, language: language, breedsAnyway: breedsAnyway)
        }
    }
}
