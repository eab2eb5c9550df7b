// WasteAnalyzeCommand: `sightline waste [analyze]` — WasteGuard on photos: the objects found
// (only foreign matter in check mode; organic green and non-organic red in classify mode), each
// with its confidence and disposal guidance, and the original app's information text. Photos
// are decoded in memory and never written anywhere unless --annotate asks for a copy.
import ArgumentParser
import Foundation
import SightlineApps
import SightlineCommandSupport
import SightlineImaging
import SightlinePresentation
import SightlineStore
import SightlineVision

struct WasteAnalyzeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "Analyse photos of waste (the default `sightline waste` command).",
        discussion: """
            Each PATH is an image file or a directory (walked recursively for .jpg, .jpeg, .png \
            and .webp files). WasteGuard needs your consent first (`sightline waste consent`).

            Modes: "check" (Check organic waste) finds all objects but reports only those that \
            do not belong in organic waste, boxed red; "classify" (Classify objects) reports \
            all, organic green and non-organic red. Each box is labelled with its confidence \
            ("87.3%"). The information text is the original app's; each object also gets \
            disposal guidance (bin, alternatives, reason) by the municipality's rules: --municipality \
            or the one chosen with `sightline waste municipality --set ID` (default: Ulm / Alb-Donau).

            Models: an installed waste detector (a YOLO model added with `sightline models add \
            NAME MODEL.onnx --labels LABELS.txt` whose labels are WasteGuard classes) is used when \
            present (--detector picks one). Otherwise the general ImageNet model lite0 recognises \
            the objects that have ImageNet counterparts (see `sightline waste overview`), boxed by \
            class activation mapping. An organic object found never ends the check: the installed \
            whole-photo classifiers (waste-organic, waste-materials) judge each organic box, the \
            photo in overlapping windows and the photo as a whole; what they find non-organic is \
            boxed and named by its material (evidence "heads"), and a non-organic verdict on the \
            whole photo is added to the information text.

            Privacy: photos are decoded in memory and never written anywhere; only --annotate \
            writes a copy, where you ask. With the opt-in tally on (`sightline waste tally --on`) \
            each reported object adds one to its class's count; nothing else is kept.

            --json prints one JSON object per photo and line: {"file", "mode", "language", \
            "municipality", "image": {"width", "height"}, "objects": [{"label", "display_name", \
            "organic", "confidence", "confidence_text", "box": {"x", "y", "width", "height"}, "bin", \
            "bin_name", "bin_color", "bin_symbol", "alternatives", "guidance", "evidence"}], "verdict", \
            "information", "models"}. Boxes are pixels of the upright photo, origin top-left; \
            "bin_symbol" is the path of the bin's SVG symbol.

            --annotate OUT writes each photo with its boxes: to OUT for one photo file (.jpg, \
            .jpeg or .png), otherwise into the directory OUT as <name>-waste.jpg.
            """)

    @Option(help: "check (Check organic waste) or classify (Classify objects).")
    var mode: WasteGuardMode = .check

    @Option(name: .customLong("lang"), help: "Language of names, guidance and the information text: en, de or uk.")
    var language: Language = .english

    @Option(help: ArgumentHelp("Whose disposal rules apply (see `sightline waste municipality`).", valueName: "id"))
    var municipality: String?

    @Option(help: ArgumentHelp("The installed waste detector to use, when several are installed.", valueName: "name"))
    var detector: String?

    @OptionGroup var format: JSONOutputOptions

    @Option(help: ArgumentHelp("Also write each photo with its boxes drawn: to this image file for one photo file, "
                               + "into this directory for several photos or a folder.", valueName: "out"))
    var annotate: String?

    @OptionGroup var engine: EngineOptions

    @Argument(help: ArgumentHelp("Image files and directories.", valueName: "path"))
    var paths: [String]

    func validate() throws {
    }

    func run() async throws {
        let store = try await AppDataStore.open()
        let knowledge = try WasteKnowledge.bundled()
        let consent = try await WasteGuardConsent(store: store, texts: knowledge.texts).grant()
        let settings = WasteGuardSettings(store: store, knowledge: knowledge)
        let rules: Municipality
        if let municipality {
            guard let chosen = knowledge.municipality(id: municipality) else {
                throw WasteGuardError.unknownMunicipality(id: municipality, known: knowledge.municipalities.map(\.id))
            }
            rules = chosen
        } else {
            rules = try await settings.municipality()
        }
        let files = try ImageFileCollector.collectSome(paths)
        let annotatedFiles = try annotate.map {
            try AnnotationOutput.files(path: $0, arguments: paths, photos: files.map(\.url), suffix: "waste")
        }
        let font = try annotate.map { _ in try Font.standard() }
        let wasteGuard = try WasteGuard(detectorName: detector, inferenceOptions: engine.inferenceOptions)
        let models = wasteGuard.selection?.modelNames ?? []
        let tally = WasteTallyRecorder(settings: settings)
        let title = knowledge.texts.help(for: mode).title.text(in: language)
        var failures = 0
        for (index, file) in files.enumerated() {
            do {
                let photo: RGBImage
                do {
                    photo = try ImageDecoder.decode(contentsOf: file.url)
                } catch let error as ImagingError {
                    throw WasteGuardError.unreadableImage(file: nil, reason: error.description)
                }
                let report = try wasteGuard.analyse(photo, mode: mode, language: language, municipality: rules, consent: consent)
                if let annotatedFiles, let font {
                    try annotatedFiles[index].write(report.annotate(photo, font: font))
                }
                try await tally.record(report)
                if format.json {
                    printJSON(WasteReportJSON(report, file: file.displayPath, models: models,
                                                 symbolLocation: { AppResources.url($0.symbolPath).path }))
                } else {
                    print(WasteReportFormat.text(report, file: file.displayPath, title: title, models: models))
                }
            } catch {
                failures += 1
                if format.json {
                    printJSON(ErrorJSON(file: file.displayPath, message: "\(error)"))
                } else {
                    StandardError.print("\(file.displayPath): error: \(error)")
                }
            }
        }
        if failures > 0 { throw ExitCode(1) }
    }
}
