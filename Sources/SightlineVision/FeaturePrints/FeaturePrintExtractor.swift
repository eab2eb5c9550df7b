// FeaturePrintExtractor: the "feature print" request. Runs a classification model whose
// manifest names a "features" output (the penultimate activations) and returns each image's
// FeaturePrint — preparing images exactly as ImageClassifier does (same decoding at reduced
// scale, same batching), because it classifies through one.
public import Foundation
public import SightlineEngine
public import SightlineImaging

/// Computes feature prints with one installed classification model. Create it once and reuse
/// it: loading compiles the model. Safe to use from several threads at once.
public final class FeaturePrintExtractor: Sendable {
    /// The manifest role of the output that holds the penultimate activations.
    public static let featuresRole = "features"

    /// The classifier whose model, preprocessing and compiled session are used.
    public let classifier: ImageClassifier
    /// The graph output holding the activations (the manifest's "features" role).
    public let featuresOutputName: String

    /// Loads `model`, which must be a classifier whose manifest has a "features" output.
    ///
    /// - Throws: `ClassificationError` (not a classifier, no "features" output, the engine
    ///   cannot load the file) or `ModelStoreError.unsupportedManifest`.
    public convenience init(model: InstalledModel, options: InferenceOptions = InferenceOptions(),
                            maxPixels: Int = DecodeOptions.defaultMaxPixels) throws {
        try self.init(classifier: ImageClassifier(model: model, options: options, maxPixels: maxPixels))
    }

    /// Uses an already loaded classifier, sharing its compiled model.
    ///
    /// - Throws: `ClassificationError.manifestDoesNotMatchModel` when the manifest names no
    ///   "features" output or the graph lacks it.
    public init(classifier: ImageClassifier) throws(ClassificationError) {
        let manifest = classifier.model.manifest
        guard let name = manifest.outputs[Self.featuresRole] else {
            throw ClassificationError.manifestDoesNotMatchModel(model: manifest.name, reason:
                "the manifest names no '\(Self.featuresRole)' output (outputs: "
                + "\(manifest.outputs.keys.sorted().joined(separator: ", "))); feature prints need a classifier "
                + "that exposes its penultimate activations, such as lite0, lite1, lite2 or a model made by `sightline train`")
        }
        guard classifier.session.outputNames.contains(name) else {
            throw ClassificationError.manifestDoesNotMatchModel(model: manifest.name, reason:
                "the graph has no output '\(name)' (it has \(classifier.session.outputNames.joined(separator: ", ")))")
        }
        self.classifier = classifier
        featuresOutputName = name
    }

    // MARK: Single images

    /// The feature print of the image file at `url` (JPEG, PNG or WebP, recognised by content).
    ///
    /// - Throws: `ClassificationError.unreadableImage` naming the file, or `.inferenceFailed`.
    public func featurePrint(imageAt url: URL) throws(ClassificationError) -> FeaturePrint {
        try featurePrints(preparedBatch: classifier.inputValues(forImageAt: url), imageCount: 1)[0]
    }

    /// The feature print of encoded image data.
    public func featurePrint(data: Data) throws(ClassificationError) -> FeaturePrint {
        try featurePrints(preparedBatch: classifier.inputValues(for: data), imageCount: 1)[0]
    }

    /// The feature print of a decoded, upright image.
    public func featurePrint(image: RGBImage) throws(ClassificationError) -> FeaturePrint {
        try featurePrints(preparedBatch: image.tensorValues(classifier.preprocessing), imageCount: 1)[0]
    }

    // MARK: Prepared input

    /// The feature prints of `imageCount` images prepared as `classifier.inputValues` does,
    /// stored one after another in `values`.
    public func featurePrints(preparedBatch values: [Float], imageCount: Int) throws(ClassificationError) -> [FeaturePrint] {
        try activations(preparedBatch: values, imageCount: imageCount).map(FeaturePrint.init(activations:))
    }

    /// The raw (not normalised) "features" activations of each prepared image — what a linear
    /// layer on top of the backbone reads, and what `ClassifierTrainer` fits.
    public func activations(preparedBatch values: [Float], imageCount: Int) throws(ClassificationError) -> [[Float]] {
        try activations(outputs: classifier.run(preparedBatch: values, imageCount: imageCount), imageCount: imageCount)
    }

    /// The feature prints in the outputs of one `classifier.run(preparedBatch:imageCount:)`.
    public func featurePrints(outputs: [String: Tensor], imageCount: Int) throws(ClassificationError) -> [FeaturePrint] {
        try activations(outputs: outputs, imageCount: imageCount).map(FeaturePrint.init(activations:))
    }

    private func activations(outputs: [String: Tensor], imageCount: Int) throws(ClassificationError) -> [[Float]] {
        let rows = try classifier.outputRows(featuresOutputName, of: outputs, imageCount: imageCount)
        return (0 ..< imageCount).map { image in Array(rows.values[image * rows.width ..< (image + 1) * rows.width]) }
    }
}
