// ObjectDetector: the "what objects are where?" request for YOLO-family ONNX exports — letterbox
// the photo, run the model, decode its boxes (YOLOv5/v7 or YOLOv8 layout), suppress overlaps
// class by class and map the boxes back to the photo.
public import Foundation
import SightlineEngine
public import SightlineImaging

/// Detects objects with a YOLO model (YOLOv5/v7 or YOLOv8 output layout). Create it once and
/// reuse it: loading compiles the model. Safe to use from several threads at once.
public final class ObjectDetector: Sendable {
    /// The model's name: its manifest's, or the ONNX file's name without extension.
    public let modelName: String
    /// The ONNX file.
    public let modelURL: URL
    public let options: ObjectDetectionOptions
    public let labels: DetectionLabels
    /// The size photos are letterboxed to.
    public let inputSize: ImageSize
    /// Images with more pixels than this are refused before decoding.
    public let maxPixels: Int

    let session: InferenceSession
    let input: ModelInput
    /// The graph output holding the predictions.
    let outputName: String

    /// Loads a YOLO ONNX file that has no manifest, such as an Ultralytics export. The input
    /// is taken as RGB scaled to 0–1 (v / 255); class names come from `labels`, else the
    /// file's `names` metadata, else "class N".
    ///
    /// - Parameters:
    ///   - labels: class names in the model's output order, overriding any in the file.
    ///   - inferenceOptions: engine settings (threads: 0 = one per core).
    ///   - maxPixels: the decode limit for images this detector reads from files.
    /// - Throws: `ObjectDetectionError`.
    public convenience init(modelAt url: URL, labels: [String]? = nil, options: ObjectDetectionOptions = ObjectDetectionOptions(),
                            inferenceOptions: InferenceOptions = InferenceOptions(),
                            maxPixels: Int = DecodeOptions.defaultMaxPixels) throws {
        let name = url.deletingPathExtension().lastPathComponent
        try self.init(name: name, url: url, limits: ModelLoadingLimits(), manifest: nil, labels: labels, options: options,
                      inferenceOptions: inferenceOptions, maxPixels: maxPixels)
    }

    /// Loads an installed object-detection model; its manifest gives the input's size, layout
    /// and normalisation, the "detections" output (if several) and the class names, unless
    /// `labels` overrides them.
    ///
    /// - Throws: `ObjectDetectionError`, `.notADetector` for a model of another task.
    public convenience init(model: InstalledModel, labels: [String]? = nil, options: ObjectDetectionOptions = ObjectDetectionOptions(),
                            inferenceOptions: InferenceOptions = InferenceOptions(),
                            maxPixels: Int = DecodeOptions.defaultMaxPixels) throws {
        guard model.manifest.task == .objectDetection else {
            throw ObjectDetectionError.notADetector(model: model.name, task: model.manifest.task)
        }
        try self.init(name: model.name, url: model.modelURL, limits: model.loadingLimits, manifest: model.manifest,
                      labels: labels, options: options, inferenceOptions: inferenceOptions, maxPixels: maxPixels)
    }

    /// Loads the model a user named: a path to an .onnx file (used with the manifest next to
    /// it if that manifest describes it, else as a bare YOLO export), or an installed model's
    /// name as `ModelStore.model(_:)` resolves it.
    ///
    /// - Throws: `ModelStoreError` when nothing is found, or `ObjectDetectionError`.
    public convenience init(reference: String, labels: [String]? = nil, options: ObjectDetectionOptions = ObjectDetectionOptions(),
                            inferenceOptions: InferenceOptions = InferenceOptions(), store: ModelStore = ModelStore(),
                            maxPixels: Int = DecodeOptions.defaultMaxPixels) throws {
        let looksLikePath = reference.contains("/") || reference.lowercased().hasSuffix(".onnx")
        if looksLikePath {
            let installed: InstalledModel?
            do {
                installed = try ModelStore.model(atPath: reference)
            } catch ModelStoreError.manifestMissing, ModelStoreError.manifestDescribesAnotherFile {
                installed = nil
            }
            if let installed {
                try self.init(model: installed, labels: labels, options: options, inferenceOptions: inferenceOptions, maxPixels: maxPixels)
            } else {
                try self.init(modelAt: URL(fileURLWithPath: reference), labels: labels, options: options,
                              inferenceOptions: inferenceOptions, maxPixels: maxPixels)
            }
        } else {
            try self.init(model: store.model(reference), labels: labels, options: options, inferenceOptions: inferenceOptions,
                          maxPixels: maxPixels)
        }
    }

    private init(name: String, url: URL, limits: ModelLoadingLimits, manifest: ModelManifest?, labels: [String]?,
                 options: ObjectDetectionOptions, inferenceOptions: InferenceOptions, maxPixels: Int) throws {
        try options.validate()
        let model: Model
        do {
            model = try Model(contentsOf: url, limits: limits)
            session = try InferenceSession(model: model, options: inferenceOptions.session)
        } catch let error as EngineError {
            throw ObjectDetectionError.unusableModel(model: name, path: url.path, reason: error)
        }
        let loaded = try ModelDescription(name: name, model: model, session: session, manifest: manifest,
                                          labels: labels, options: options)
        modelName = name
        modelURL = url
        self.options = options
        self.maxPixels = maxPixels
        self.labels = loaded.labels
        inputSize = loaded.inputSize
        input = loaded.input
        outputName = loaded.outputName
        // A fixed declared output shape is checked now rather than at the first photo.
        if let shape = loaded.declaredOutputShape {
            _ = try outputGeometry(ofShape: shape)
        }
    }

    /// The objects in a decoded, upright image, most confident first.
    ///
    /// - Throws: `ObjectDetectionError.inferenceFailed`, or `.unsupportedModel` /
    ///   `.labelsDoNotMatchModel` when the output turns out not to fit the model's description.
    public func detectObjects(in image: RGBImage) throws -> [DetectedObject] {
        let letterbox = Letterbox(imageSize: image.size, inputSize: inputSize)
        let values = letterbox.tensorValues(of: image, mean: input.mean, std: input.std, layout: input.layout)
        let shape = input.layout == .nchw ? [1, 3, inputSize.height, inputSize.width] : [1, inputSize.height, inputSize.width, 3]
        let outputs: [String: Tensor]
        do {
            outputs = try session.run([input.name: Tensor(shape: shape, floats: values)])
        } catch let error as EngineError {
            throw ObjectDetectionError.inferenceFailed(model: modelName, reason: error.description)
        }
        guard let output = outputs[outputName], output.elementType == .float32 else {
            throw ObjectDetectionError.inferenceFailed(model: modelName, reason:
                "its '\(outputName)' output is \(outputs[outputName].map { "\($0.elementType) \($0.shape)" } ?? "missing"), "
                + "expected float32 predictions")
        }
        let geometry = try outputGeometry(ofShape: output.shape)
        let candidates = YOLOOutputDecoder.candidates(in: output.floats, geometry: geometry, threshold: options.confidenceThreshold)
        let kept = PerClassSuppression.kept(candidates, iouThreshold: options.iouThreshold, maximumCount: options.maximumDetections)
        return kept.compactMap { $0.detectedObject(letterbox: letterbox, label: labels.name(ofClass: $0.classIndex)) }
    }

    /// The objects in the image file at `url` (JPEG, PNG or WebP, turned upright by its EXIF
    /// orientation), most confident first.
    ///
    /// - Throws: `ObjectDetectionError.unreadableImage` naming the file, or the errors of
    ///   `detectObjects(in:)`.
    public func detectObjects(inImageAt url: URL) throws -> [DetectedObject] {
        let image: RGBImage
        do {
            image = try ImageDecoder.decode(contentsOf: url, options: DecodeOptions(maxPixels: maxPixels))
        } catch let error as ImagingError {
            throw ObjectDetectionError.unreadableImage(file: url.path, reason: error)
        }
        return try detectObjects(in: image)
    }

    /// The layout of the model's output of `shape`, checked against the labels.
    func outputGeometry(ofShape shape: [Int]) throws -> YOLOOutputGeometry {
        let labelCount = labels.source == .none ? nil : labels.names.count
        let geometry: YOLOOutputGeometry
        do {
            geometry = try YOLOOutputLayout.resolve(shape: shape, override: options.layout, labelCount: labelCount)
        } catch let mismatch as YOLOOutputLayout.LayoutMismatch {
            throw ObjectDetectionError.unsupportedModel(model: modelName, reason: mismatch.reason)
        }
        if let labelCount, labelCount != geometry.classCount {
            throw ObjectDetectionError.labelsDoNotMatchModel(model: modelName, labelCount: labelCount,
                                                             classCount: geometry.classCount,
                                                             labelSource: labels.source.description)
        }
        return geometry
    }
}
