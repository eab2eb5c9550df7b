// RecognizePhotosCommand: `sightline recognize [photos]` — the Object Recognizer on photos: the top-1 name and
// confidence when the model is sure, "Not sure — maybe …" with the three most likely classes
// when it is not, its broad category, optionally the top five and a face
// scan; optionally the capture (the photo with "<label>, <confidence>%" on a black band) written
// to a file and/or accepted into the history.
import ArgumentParser
import Foundation
import SightlineApps
import SightlineCommandSupport
import SightlineImaging
import SightlinePresentation
import SightlineStore
import SightlineVision

struct RecognizePhotosCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photos",
        abstract: "Name the main object of photos, with its confidence and category (the default).",
        discussion: """
            Each PATH is an image file or a directory (walked recursively for .jpg, .jpeg, .png \
            and .webp files). For every photo the 1000-class ImageNet model gives its most likely \
            class, named in --lang, with the confidence as a percentage with one decimal written \
            as that language writes numbers ("banana, 97.1%", "Banane, 97,1 %"), and the class's \
            broad category (one of 24, see Sources/SightlineApps/Resources/recognizer/). When \
            the confidence is below the model's calibrated threshold (its manifest's \
            `confidence`, see `sightline models calibrate`) the answer is a guess: "Not sure — \
            maybe a lab coat (14%)?" followed by the three most likely classes. --top N lists \
            the N most likely classes; --faces scans the photo for faces and says how many were \
            found ("No faces found." when there are none).

            --annotate OUT writes the capture: the photo with "<label>, <confidence>%" in white \
            on a black band centred near the top (with --faces also the face boxes). For one \
            photo file OUT is the output file (.jpg, .jpeg or .png); otherwise a directory that \
            receives <name>-capture.jpg per photo.

            --save accepts each capture into the Object Recognizer's history (the captioned \
            photo as JPEG, a thumbnail, label, confidence, category, face count with --faces, \
            and the time) in the data directory's sightline.sqlite. Nothing is saved without \
            --save. Browse and delete saved captures with `sightline recognize history`.

            With --json each photo is one JSON object per line:
              {"file": "apple.jpg", "label": "Granny Smith apple", "name": "Granny Smith apple", "index": 948, \
            "confidence": 0.873, "confidence_text": "87.3%", "sure": true, "threshold": 0.42, \
            "answer": "Granny Smith apple, 87.3%", "category": "fruit-and-vegetables", \
            "category_name": "Fruit and vegetables", "caption": "Granny Smith apple, 87.3%", \
            "top5": [{"index": 948, "label": "Granny Smith apple", "name": "Granny Smith apple", "confidence": 0.873}, …]}
            "name" and "answer" are in --lang; "top5" always holds the five most likely classes. With --faces: "faces": 2 and \
            "face_boxes": [{"x", "y", "width", "height", "confidence"}] in pixels of the upright \
            photo, origin top-left. With --save: "saved_id". A photo that fails: \
            {"file": "…", "error": "…"}.
            """)

    @Option(help: ArgumentHelp("Also list the N most likely classes (the top-5 view is --top 5).", valueName: "n"))
    var top: Int?

    @Flag(help: "Scan each photo for faces: their number and boxes.")
    var faces = false

    @Option(help: ArgumentHelp("Write each capture (photo with its caption band): to this image file for one photo "
                               + "file, into this directory for several photos or a folder.", valueName: "out"))
    var annotate: String?

    @Flag(help: "Accept each capture into the Object Recognizer's history.")
    var save = false

    @OptionGroup var format: JSONOutputOptions

    @Option(name: .customLong("lang"), help: "Language of category names and messages: en, de or uk.")
    var language: Language = .english

    @Option(help: "The 1000-class ImageNet model: lite0, lite1 or lite2.")
    var model = ObjectRecognizer.defaultModelName

    @OptionGroup var engine: EngineOptions

    @Argument(help: ArgumentHelp("Image files and directories.", valueName: "path"))
    var paths: [String]

    func validate() throws {
        if let top, top < 1 { throw ValidationError("--top must be at least 1, got \(top).") }
    }

    func run() async throws {
        let files = try ImageFileCollector.collectSome(paths)
        let captureFiles = try annotate.map {
            try AnnotationOutput.files(path: $0, arguments: paths, photos: files.map(\.url), suffix: "capture")
        }
        let recognizer = try ObjectRecognizer(model: model, scanningFaces: faces, inferenceOptions: engine.inferenceOptions)
        let font = annotate != nil || save ? try Font.standard() : nil
        let history = try await save ? RecognizerHistory(store: AppDataStore.open(), categories: recognizer.categories) : nil
        var failures = 0
        for (index, file) in files.enumerated() {
            do {
                let photo: RGBImage
                do {
                    photo = try ImageDecoder.decode(contentsOf: file.url, options: DecodeOptions(maxPixels: recognizer.classifier.maxPixels))
                } catch let error as ImagingError {
                    throw CommandFailure(error.description)
                }
                let recognition = try recognizer.recognize(photo, ranked: max(top ?? 0, ObjectRecognizer.rankedCount),
                                                           scanFaces: faces)
                let capture = font.map { RecognizerCapture(photo: photo, recognition: recognition, font: $0) }
                if let captureFiles, let capture, let font {
                    var annotator = ImageAnnotator(image: capture.annotatedImage, font: font)
                    annotator.drawFaces(recognition.faceScan?.faces ?? [])
                    try captureFiles[index].write(annotator.image)
                }
                var savedID: Int64?
                if let history, let capture {
                    savedID = try await history.accept(capture).id
                }
                printRecognition(recognition, file: file.displayPath, savedID: savedID)
            } catch {
                failures += 1
                printError(error, file: file.displayPath)
            }
        }
        if failures > 0 { throw ExitCode(1) }
    }

    private func printRecognition(_ recognition: ObjectRecognition, file: String, savedID: Int64?) {
        if format.json {
            printJSON(RecognitionJSON(recognition, file: file, language: language, savedID: savedID))
            return
        }
        print("\(file): \(recognition.answer(in: language))  [\(recognition.category.name.text(in: language))]")
        if let shown = top ?? (recognition.isSure ? nil : ConfidenceRule.guessCount) {
            for (rank, (observation, name)) in zip(recognition.ranked, recognition.rankedNames).prefix(shown).enumerated() {
                print("  \(rank + 1). \(name.text(in: language))  \(language.percent(Double(observation.confidence)))")
            }
        }
        if let scan = recognition.faceScan {
            print("  \(scan.summary(in: language))")
            for face in scan.faces {
                let box = face.boundingBox
                print(String(format: "    face %.0f×%.0f at (%.0f, %.0f), %@", box.width, box.height, box.x, box.y,
                             ImageAnnotator.percentage(face.confidence)))
            }
        }
        if let savedID {
            print("  saved to the history as #\(savedID)")
        }
    }

    private func printError(_ error: Error, file: String) {
        if format.json {
            printJSON(ErrorJSON(file: file, message: "\(error)"))
        } else {
            StandardError.print("\(file): error: \(error)")
        }
    }
}
