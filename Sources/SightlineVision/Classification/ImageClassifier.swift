// ImageClassifier: the "what is in this photo?" request. Loads a classification model and its
// manifest once, prepares each image exactly as the manifest says (decoding JPEGs at reduced
// scale), runs the engine and turns the logits into ranked observations.
public import Foundation
public import SightlineEngine
public import SightlineImaging

/// Classifies images with one installed classification model. Create it once and reuse it:
/// loading compiles the model. Safe to use from several threads at once.
public final class ImageClassifier: Sendable {
    public let model: InstalledModel
    /// How an image becomes the model's input, from the manifest.
    public let preprocessing: ImagePreprocessing
    /// The compiled model.
    public let session: InferenceSession
    /// Images with more pixels than this are refused before decoding.
    public let maxPixels: Int

    /// The graph input the image tensor is fed to.
    public let inputName: String
    /// The graph output holding the class scores (the manifest's "logits" role).
    public let logitsOutputName: String

    /// Loads `model` and checks that its manifest matches the graph.
    ///
    /// - Parameters:
    ///   - options: engine settings (threads: 0 = one per core).
    ///   - maxPixels: the decode limit for every image this classifier reads.
    /// - Throws: `ClassificationError` (not a classifier, engine cannot load the file, input or
    ///   output names missing) or `ModelStoreError.unsupportedManifest`.
    public init(model: InstalledModel, options: InferenceOptions = InferenceOptions(),
                maxPixels: Int = DecodeOptions.defaultMaxPixels) throws {
        let manifest = model.manifest
        guard manifest.task == .classification else {
            throw ClassificationError.notAClassifier(model: manifest.name, task: manifest.task)
        }
        preprocessing = try manifest.imagePreprocessing()
        guard let logitsName = manifest.outputs["logits"] else {
            throw ClassificationError.manifestDoesNotMatchModel(
                model: manifest.name, reason: "the manifest names no 'logits' output")
        }
        do {
            session = try InferenceSession(model: model.loadONNX(), options: options.session)
        } catch let error as EngineError {
            throw ClassificationError.unusableModel(model: manifest.name, path: model.modelURL.path, reason: error)
        }
        guard session.inputs.contains(where: { $0.name == manifest.input.name }) else {
            throw ClassificationError.manifestDoesNotMatchModel(model: manifest.name, reason:
                "the graph has no input '\(manifest.input.name)' (it has \(session.inputs.map(\.name).joined(separator: ", ")))")
        }
        guard session.outputNames.contains(logitsName) else {
            throw ClassificationError.manifestDoesNotMatchModel(model: manifest.name, reason:
                "the graph has no output '\(logitsName)' (it has \(session.outputNames.joined(separator: ", ")))")
        }
        self.model = model
        self.maxPixels = maxPixels
        self.inputName = manifest.input.name
        self.logitsOutputName = logitsName
    }

    // MARK: Single images

    /// Classifies the image file at `url` (JPEG, PNG or WebP, recognised by content).
    ///
    /// - Throws: `ClassificationError.unreadableImage` naming the file, or `.inferenceFailed`.
    public func classify(imageAt url: URL, top: Int = 5) throws -> ClassificationResult {
        try classify(preparedBatch: inputValues(forImageAt: url), imageCount: 1, top: top)[0]
    }

    /// Classifies encoded image data (JPEG, PNG or WebP).
    public func classify(data: Data, top: Int = 5) throws -> ClassificationResult {
        try classify(preparedBatch: inputValues(for: data), imageCount: 1, top: top)[0]
    }

    /// Classifies a decoded, upright image.
    public func classify(image: RGBImage, top: Int = 5) throws -> ClassificationResult {
        try classify(preparedBatch: image.tensorValues(preprocessing), imageCount: 1, top: top)[0]
    }

    /// Classifies decoded, upright images as one batch, in order.
    public func classify(images: [RGBImage], top: Int = 5) throws -> [ClassificationResult] {
        guard !images.isEmpty else { return [] }
        var batch: [Float] = []
        batch.reserveCapacity(images.count * preprocessing.valueCount)
        for image in images { batch += image.tensorValues(preprocessing) }
        return try classify(preparedBatch: batch, imageCount: images.count, top: top)
    }

    // MARK: Prepared input

    /// The model input for the image file at `url`: `preprocessing.valueCount` values.
    public func inputValues(forImageAt url: URL) throws(ClassificationError) -> [Float] {
        do {
            return try ImageDecoder.tensorValues(contentsOf: url, preprocessing: preprocessing, maxPixels: maxPixels)
        } catch {
            throw ClassificationError.unreadableImage(file: url.path, reason: Self.imagingError(error))
        }
    }

    /// The model input for encoded image data.
    public func inputValues(for data: Data) throws(ClassificationError) -> [Float] {
        do {
            return try ImageDecoder.tensorValues(data: data, preprocessing: preprocessing, maxPixels: maxPixels)
        } catch {
            throw ClassificationError.unreadableImage(file: nil, reason: Self.imagingError(error))
        }
    }

    /// The Imaging layer reports every decoding problem as an `ImagingError`.
    package static func imagingError(_ error: any Error) -> ImagingError {
        guard let imagingError = error as? ImagingError else {
            preconditionFailure("ImageDecoder threw a non-ImagingError: \(error)")
        }
        return imagingError
    }

    /// Runs the model on `imageCount` prepared images stored one after another in `values`
    /// (each `preprocessing.valueCount` long) and ranks each image's classes.
    ///
    /// - Throws: `ClassificationError.inferenceFailed`.
    public func classify(preparedBatch values: [Float], imageCount: Int, top: Int) throws -> [ClassificationResult] {
        try classify(outputs: run(preparedBatch: values, imageCount: imageCount), imageCount: imageCount, top: top)
    }

    /// Ranks each image's classes from the outputs of one `run(preparedBatch:imageCount:)`, so a
    /// caller that also wants another output (feature prints) runs the model once.
    ///
    /// - Throws: `ClassificationError` when the logits are missing or do not match the labels.
    public func classify(outputs: [String: Tensor], imageCount: Int, top: Int) throws -> [ClassificationResult] {
        let logits = try outputRows(logitsOutputName, of: outputs, imageCount: imageCount)
        let labels = model.manifest.labels
        guard labels.isEmpty || labels.count == logits.width else {
            throw ClassificationError.manifestDoesNotMatchModel(model: model.name, reason:
                "the manifest has \(labels.count) labels but the model scores \(logits.width) classes")
        }
        return logits.values.withUnsafeBufferPointer { all in
            (0 ..< imageCount).map { image in
                let row = UnsafeBufferPointer(rebasing: all[image * logits.width ..< (image + 1) * logits.width])
                return ClassificationResult(logits: row, labels: labels, top: top)
            }
        }
    }

    /// Runs the model on `imageCount` prepared images stored one after another in `values`
    /// and returns every graph output by name.
    ///
    /// - Throws: `ClassificationError.inferenceFailed`.
    public func run(preparedBatch values: [Float], imageCount: Int) throws(ClassificationError) -> [String: Tensor] {
        precondition(values.count == imageCount * preprocessing.valueCount,
                     "\(imageCount) prepared images need \(imageCount * preprocessing.valueCount) values, got \(values.count)")
        let input = Tensor(shape: preprocessing.tensorShape(batchSize: imageCount), floats: values)
        do {
            return try session.run([inputName: input])
        } catch let error as EngineError {
            throw ClassificationError.inferenceFailed(model: model.name, reason: error)
        } catch {
            preconditionFailure("InferenceSession.run threw a non-EngineError: \(error)")
        }
    }

    /// The output `name` of a run on `imageCount` images as one row of `width` values per
    /// image (the output's dimensions after the batch, flattened).
    ///
    /// - Throws: `ClassificationError.inferenceFailed` when the output is missing, not float32
    ///   or not batched in its first dimension.
    func outputRows(_ name: String, of outputs: [String: Tensor], imageCount: Int) throws(ClassificationError)
        -> (values: [Float], width: Int) {
        guard let output = outputs[name] else {
            throw ClassificationError.inferenceFailed(model: model.name, reason: .invalidGraph(reason:
                "output '\(name)' was not returned"))
        }
        guard output.elementType == .float32, imageCount > 0, output.shape.first == imageCount,
              output.count % imageCount == 0, output.count > 0 else {
            throw ClassificationError.inferenceFailed(model: model.name, reason: .invalidGraph(reason:
                "the '\(name)' output has shape \(output.shape) and type \(output.elementType); "
                + "expected float32 [\(imageCount), …]"))
        }
        return (output.floats, output.count / imageCount)
    }
}
