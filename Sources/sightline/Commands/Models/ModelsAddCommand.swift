// ModelsAddCommand: `sightline models add NAME PATH --labels FILE` — installs a YOLO object
// detector (an ONNX file you have, such as an Ultralytics export) into the data directory with a
// manifest, after checking that it loads as a detector whose outputs fit the labels. A detector
// whose labels are WasteGuard classes is then used by `sightline waste`.
import ArgumentParser
import Foundation
import SightlineApps
import SightlineCommandSupport
import SightlineEngine
import SightlineImaging
import SightlineVision

struct ModelsAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Install a YOLO object detector (ONNX) under a name, with its class labels.",
        discussion: """
            PATH is a YOLOv5/v7 or YOLOv8 detection model in ONNX format taking one RGB image \
            scaled to 0–1 (as Ultralytics exports do). --labels FILE names its classes, one per \
            line in the model's class order. The model is loaded and its output checked against \
            the labels first; then it is copied to models/NAME/model.onnx in the data directory \
            ($SIGHTLINE_HOME or ~/.local/share/sightline) with a manifest.json (task \
            object-detection, the labels, input size and SHA-256), so `sightline detect --model \
            NAME` and the apps can use it.

            Any labels are accepted. When all of them are WasteGuard classes (feather, flower, \
            egg, kitchen paper, apple, foliage, soil, egg carton, orange, bone, cigarette, pill, \
            plastic cup, plastic bag, glass, face mask, ceramic, can, battery, stone — the \
            original app's order, though any order and any subset work) WasteGuard uses the \
            detector instead of the general model, and `sightline waste overview` lists exactly \
            its labels.

            An existing model of that name is only replaced with --replace, and only if it was \
            added with `models add` too.
            """)

    /// What the manifest's `converter` says for models added by this command.
    static let converter = "sightline models add"

    @Argument(help: ArgumentHelp("The name to install it under: lower-case letters, digits and hyphens.", valueName: "name"))
    var name: String

    @Argument(help: ArgumentHelp("The ONNX file.", valueName: "path"))
    var path: String

    @Option(help: ArgumentHelp("The class names, one per line in the model's class order.", valueName: "file"))
    var labels: String

    @Option(help: "A human-readable title for `models list`.")
    var title: String?

    @Option(help: "The model's licence, for `models list`.")
    var licence = "unknown (added by the user)"

    @Option(help: ArgumentHelp("The square side photos are letterboxed to, for models whose input size is not fixed. "
                               + "Default: the model's metadata (imgsz), else 640.", valueName: "pixels"))
    var imageSize: Int?

    @Flag(help: "Replace a model of this name that was added earlier.")
    var replace = false

    func validate() throws {
        guard let first = name.first, first.isLetter || first.isNumber,
              name.allSatisfy({ ($0.isLowercase && $0.isASCII) || ($0.isNumber && $0.isASCII) || $0 == "-" }) else {
            throw ValidationError("The name '\(name)' must be lower-case ASCII letters, digits and hyphens, starting with a letter or digit.")
        }
        if let imageSize, !(32 ... 8192).contains(imageSize) {
            throw ValidationError("--image-size must be between 32 and 8192 pixels, got \(imageSize).")
        }
    }

    func run() throws {
        let store = ModelStore()
        let folder = store.modelsDirectory.appendingPathComponent(name, isDirectory: true)
        let manifestURL = folder.appendingPathComponent(ModelStore.manifestFileName)
        if FileManager.default.fileExists(atPath: manifestURL.path) {
            let existing = try ModelStore.loadModel(manifestURL: manifestURL)
            guard replace, existing.manifest.converter == Self.converter else {
                throw CommandFailure(replace
                    ? "The model '\(name)' was not added with `models add` (it is \(existing.manifest.title)); choose another name."
                    : "A model named '\(name)' is installed already; choose another name, or add --replace to replace it.")
            }
        }
        let sourceURL = URL(fileURLWithPath: path)
        let labelNames = try DetectionLabels.read(contentsOf: URL(fileURLWithPath: labels))
        let options = ObjectDetectionOptions(inputSize: imageSize.map { ImageSize(width: $0, height: $0) })
        // Loading checks the graph, its input and its output against the labels.
        let detector = try ObjectDetector(modelAt: sourceURL, labels: labelNames, options: options,
                                          inferenceOptions: InferenceOptions(threads: 1))
        let data: Data
        do {
            data = try Data(contentsOf: sourceURL)
        } catch {
            throw CommandFailure("Cannot read \(path): \(error.localizedDescription)")
        }
        let input = try Self.inputDescription(of: Model(contentsOf: sourceURL), size: imageSize)
        let digest = HexDigest.sha256(of: data)
        let manifest = ModelManifest(
            name: name,
            title: title ?? "YOLO detector (\(labelNames.count) classes) from \(sourceURL.lastPathComponent)",
            task: .objectDetection, file: "model.onnx", sha256: digest, input: input, outputs: [:], labels: labelNames,
            licence: licence,
            source: ModelManifest.Source(package: "local file", version: "-", file: sourceURL.lastPathComponent, sha256: digest),
            converter: Self.converter)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: folder.appendingPathComponent(manifest.file), options: .atomic)
            try (encoder.encode(manifest) + Data("\n".utf8)).write(to: manifestURL, options: .atomic)
        } catch {
            throw CommandFailure("Cannot install the model into \(folder.path): \(error.localizedDescription)")
        }
        print("Installed '\(name)': a YOLO detector with \(labelNames.count) classes, input \(detector.inputSize.width)×"
            + "\(detector.inputSize.height), in \(folder.path).")
        let installed = try ModelStore.loadModel(manifestURL: manifestURL)
        let knowledge = try WasteKnowledge.bundled()
        if WasteModelSelection.detectorProblem(installed, knowledge: knowledge) == nil {
            print("Its labels are WasteGuard classes: `sightline waste` will use it "
                + "(\(labelNames.count) of WasteGuard's \(knowledge.classes.count) objects; see `sightline waste overview`).")
        }
    }

    /// The manifest's input: the graph's one image input, NCHW unless its last dimension is the
    /// three channels, RGB scaled to 0–1, with the graph's fixed size or `size`.
    static func inputDescription(of model: Model, size: Int?) throws -> ModelManifest.Input {
        let graph = model.graph
        let inputs = graph.inputs.filter { graph.initializers[$0.name] == nil }
        guard inputs.count == 1, let info = inputs.first else {
            throw CommandFailure("The model has \(inputs.count) inputs; a YOLO detector takes one image.")
        }
        var layout = ModelManifest.Input.Layout.nchw
        var width = size, height = size
        if let shape = info.shape, shape.count == 4 {
            if shape[3] == .fixed(3), shape[1] != .fixed(3) { layout = .nhwc }
            let (heightAxis, widthAxis) = layout == .nchw ? (2, 3) : (1, 2)
            if case .fixed(let fixedHeight) = shape[heightAxis], case .fixed(let fixedWidth) = shape[widthAxis] {
                (width, height) = (fixedWidth, fixedHeight)
            }
        }
        return ModelManifest.Input(name: info.name, layout: layout, width: width, height: height, color: "RGB", resize: .none,
                                   normalization: .init(mean: [0, 0, 0], std: [255, 255, 255]))
    }
}
