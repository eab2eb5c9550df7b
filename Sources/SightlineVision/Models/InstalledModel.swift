// InstalledModel: one model found on disk — its manifest plus where its files are, and the
// limits (file size, node count) its ONNX file is loaded within.
public import Foundation
public import SightlineEngine

/// A model whose manifest has been read: the ONNX file and how to use it.
public struct InstalledModel: Sendable, Equatable {
    public var manifest: ModelManifest
    /// The ONNX file.
    public var modelURL: URL
    /// The `manifest.json` the manifest was read from.
    public var manifestURL: URL
    /// The bounds the ONNX file must keep when it is loaded (those of the `ModelStore` it came
    /// from); a bigger file is refused with `EngineError.exceedsLoadingLimit`.
    public var loadingLimits: ModelLoadingLimits

    public init(manifest: ModelManifest, modelURL: URL, manifestURL: URL,
                loadingLimits: ModelLoadingLimits = ModelLoadingLimits()) {
        self.manifest = manifest
        self.modelURL = modelURL
        self.manifestURL = manifestURL
        self.loadingLimits = loadingLimits
    }

    /// Loads the ONNX file within `loadingLimits`.
    ///
    /// - Throws: `EngineError`.
    public func loadONNX() throws -> Model {
        try Model(contentsOf: modelURL, limits: loadingLimits)
    }

    /// The model's folder.
    public var directory: URL { manifestURL.deletingLastPathComponent() }

    /// The manifest's name ("efficientnet-lite0").
    public var name: String { manifest.name }
}
