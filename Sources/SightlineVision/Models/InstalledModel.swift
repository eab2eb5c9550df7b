// InstalledModel: one model found on disk — its manifest plus where its files are.
import Foundation

/// A model whose manifest has been read: the ONNX file and how to use it.
public struct InstalledModel: Sendable, Equatable {
    public var manifest: ModelManifest
    /// The ONNX file.
    public var modelURL: URL
    /// The `manifest.json` the manifest was read from.
    public var manifestURL: URL

    public init(manifest: ModelManifest, modelURL: URL, manifestURL: URL) {
        self.manifest = manifest
        self.modelURL = modelURL
        self.manifestURL = manifestURL
    }

    /// The model's folder.
    public var directory: URL { manifestURL.deletingLastPathComponent() }

    /// The manifest's name ("efficientnet-lite0").
    public var name: String { manifest.name }
}
