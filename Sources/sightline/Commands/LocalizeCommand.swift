// LocalizeCommand: `sightline localize` — "where is it?" without a detector: class activation
// maps of a classifier show where in a photo it sees a class, with boxes around the strong
// regions, a heat-map overlay and an annotated copy of the photo.
import ArgumentParser
import Foundation
import SightlineCommandSupport
import SightlineImaging
import SightlinePresentation
import SightlineVision

struct LocalizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "localize",
        abstract: "Show where a classifier sees a class in a photo: heat map and boxes (class activation maps).",
        discussion: """
            Works with classifiers whose head is global average pooling followed by a linear \
            layer: EfficientNet-Lite (lite0, lite1, lite2) and every model `sightline train` \
            writes. The whole photo is letterboxed into the model's input (aspect ratio kept), \
            so the map covers all of it; confidences are for that uncropped view and can differ \
            from `sightline classify`, which looks at a centre crop.

            Without --class, the --top most likely classes are mapped. Boxes surround the \
            connected areas where the map reaches --threshold of its peak, in pixels of the \
            upright photo, origin top-left. With --json one object is printed:
              {"file": "fruit.jpg", "width": 1024, "height": 768, "classes": [{"index": 954, "label": "banana", "confidence": 0.91, "regions": [{"x": 410.0, "y": 96.0, "width": 380.0, "height": 520.0, "peak": 1.0, "share": 0.93}], "map": {"width": 7, "height": 7, "values": […]}}], "milliseconds": 31.2}
            "map" is the map sampled on a grid of the same size laid over the photo (row by row             from the top-left), values 0–1.

            --heatmap OUT writes the photo with the first class's map overlaid; --annotate OUT \
            writes it with every class's boxes and labels. The file type follows OUT's \
            extension: .jpg/.jpeg or .png.
            """)

    @OptionGroup var modelOptions: ClassifierModelOptions

    @Option(name: .customLong("class"), help: ArgumentHelp(
        "A class to map, by label (as `sightline classify` prints it) or index; repeat for several.", valueName: "label"))
    var classes: [String] = []

    @Option(help: "Without --class: how many of the most likely classes to map.")
    var top = 1

    @Option(help: "A box surrounds where the map reaches this fraction of its peak (0–1).")
    var threshold: Float = 0.4

    @Option(help: ArgumentHelp("Write the photo with the (first) class's heat map overlaid here.", valueName: "out"))
    var heatmap: String?

    @Option(help: ArgumentHelp("Write the photo with each class's boxes and labels here.", valueName: "out"))
    var annotate: String?

    @OptionGroup var format: JSONOutputOptions

    @OptionGroup var engine: EngineOptions

    @Argument(help: ArgumentHelp("The photo (JPEG, PNG or WebP).", valueName: "path"))
    var path: String

    func validate() throws {
        guard top >= 1 else { throw ValidationError("--top must be at least 1, got \(top).") }
        guard threshold > 0, threshold <= 1 else {
            throw ValidationError("--threshold must be above 0 and at most 1, got \(threshold).")
        }
        for output in [heatmap, annotate].compactMap({ $0 }) {
            _ = try AnnotatedImageFile(path: output)
        }
    }

    func run() throws {
        let classifier = try ImageClassifier(model: modelOptions.installedModel(), options: engine.inferenceOptions)
        let mapper = try ClassActivationMapper(classifier: classifier)
        let classIndices = try classes.isEmpty ? nil : classes.map { try Self.classIndex(of: $0, labels: classifier.model.manifest.labels) }
        let photoStart = DispatchTime.now().uptimeNanoseconds
        let image: RGBImage
        do {
            image = try ImageDecoder.decode(contentsOf: URL(fileURLWithPath: path), options: DecodeOptions(maxPixels: classifier.maxPixels))
        } catch let error as ImagingError {
            throw CommandFailure("\(path): \(error)")
        }
        let results = try mapper.localize(image: image, classIndices: classIndices, top: top,
                                          options: LocalizationOptions(threshold: threshold))
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - photoStart) / 1e6

        if let heatmap, let first = results.first {
            var annotator = try ImageAnnotator(image: image)
            annotator.overlayHeatMap(try Self.heatMap(first.map, photo: image.size))
            try AnnotatedImageFile(path: heatmap).write(annotator.image)
        }
        if let annotate {
            var annotator = try ImageAnnotator(image: image)
            for result in results {
                for region in result.regions {
                    let box = region.boundingBox
                    annotator.drawBox(.pixels(x: box.x, y: box.y, width: box.width, height: box.height), role: .highlight,
                                      label: "\(result.label) \(ImageAnnotator.percentage(result.confidence))")
                }
            }
            try AnnotatedImageFile(path: annotate).write(annotator.image)
        }
        if format.json {
            printJSON(LocalizationJSON(file: path, image: image.size, results: results, milliseconds: milliseconds))
        } else {
            print(String(format: "%@  (%.1f ms, %d×%d)", path, milliseconds, image.width, image.height))
            for result in results {
                print(String(format: "  %5.1f %%  %@: %d region%@", result.confidence * 100, result.label,
                             result.regions.count, result.regions.count == 1 ? "" : "s"))
                for region in result.regions {
                    let box = region.boundingBox
                    print(String(format: "           %.0f×%.0f at (%.0f, %.0f), %.0f %% of the activation",
                                 box.width, box.height, box.x, box.y, region.share * 100))
                }
            }
        }
    }

    /// A class named by label (exact, then case-insensitive) or by index.
    static func classIndex(of name: String, labels: [String]) throws -> Int {
        if let index = labels.firstIndex(of: name) { return index }
        if let index = labels.firstIndex(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) { return index }
        if let index = Int(name), labels.isEmpty || labels.indices.contains(index) { return index }
        let suggestions = labels.filter { $0.localizedCaseInsensitiveContains(name) }.prefix(5)
        throw CommandFailure("The model has no class '\(name)'."
            + (suggestions.isEmpty ? "" : " Did you mean: \(suggestions.joined(separator: ", "))?"))
    }

    /// The map resampled over the photo at 8 samples per cell, for the overlay.
    static func heatMap(_ map: ClassActivationMap, photo: ImageSize) throws -> HeatMap {
        let columns = map.width * 8, rows = map.height * 8
        return try HeatMap(width: columns, height: rows, values: map.resampled(columns: columns, rows: rows))
    }
}
