// ModelJSON: the installed models as JSON — the API's list (`{"models": [{"name", "title",
// "task", "labels", "licence", "source"}]}`), one model's detail with its training record, and
// the rows `sightline models list --json` prints.
import Foundation
public import SightlineVision

/// `GET /api/v1/models`: "labels" is how many classes each names.
public struct ModelListJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "ModelList" }

    public struct Model: Encodable, Sendable {
        public var name: String
        public var title: String
        public var task: String
        public var labels: Int
        public var licence: String
        public var source: String
    }

    public var models: [Model]

    public init(_ installed: [InstalledModel]) {
        models = installed.map { model in
            let manifest = model.manifest
            return Model(name: manifest.name, title: manifest.title, task: manifest.task.rawValue, labels: manifest.labels.count,
                         licence: manifest.licence, source: ModelDetailJSON.source(of: manifest))
        }
    }
}

/// `GET /api/v1/models/{name}`: "labels" in output order; "training" is the record `sightline
/// train` kept (classes with photo counts, accuracies, options), null for a pretrained model.
public struct ModelDetailJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "ModelDetail" }

    public var name: String
    public var title: String
    public var task: String
    public var labels: [String]
    public var licence: String
    public var source: String
    @Nullable public var training: ModelManifest.Training?

    public init(_ manifest: ModelManifest) {
        name = manifest.name
        title = manifest.title
        task = manifest.task.rawValue
        labels = manifest.labels
        licence = manifest.licence
        source = Self.source(of: manifest)
        training = manifest.training
    }

    /// "package@version" of the model's source.
    static func source(of manifest: ModelManifest) -> String {
        "\(manifest.source.package)@\(manifest.source.version)"
    }
}

/// One installed model as `sightline models list --json` prints it: {"name", "title", "task",
/// "input", "licence", "source", "sha256", "path"}.
public struct InstalledModelJSON: JSONAnswer, Sendable {
    public var name: String
    public var title: String
    public var task: String
    /// e.g. "224×224 nchw", or "any size nchw".
    public var input: String
    public var licence: String
    public var source: String
    public var sha256: String
    public var path: String

    public init(_ model: InstalledModel) {
        let manifest = model.manifest
        name = manifest.name
        title = manifest.title
        task = manifest.task.rawValue
        let size = manifest.input.width.flatMap { width in manifest.input.height.map { "\(width)×\($0)" } } ?? "any size"
        input = "\(size) \(manifest.input.layout.rawValue)"
        licence = manifest.licence
        source = ModelDetailJSON.source(of: manifest)
        sha256 = manifest.sha256
        path = model.modelURL.path
    }
}
