// AppModel: a model an app ships with (the cat detector, the breed classifier, the ingredient
// classifier and detector) — its installed name, what it is for and how to install it — and
// loading it, so a missing model is reported as "not installed, run …" rather than a crash.
// The apps' classifiers are heads (Models/heads/, trained at set-up) that `sightline models
// install` puts on the installed backbone.
import Foundation
public import SightlineVision

/// A trained model an app relies on, looked up by name in the model store.
public struct AppModel: Sendable, Hashable {
    /// The installed model's name ("cat-detector").
    public var name: String
    /// What the app uses it for, for messages ("the cat detector").
    public var purpose: String
    /// The command that installs it.
    public var installCommand: String

    public init(name: String, purpose: String, installCommand: String = AppModel.headsInstallCommand) {
        self.name = name
        self.purpose = purpose
        self.installCommand = installCommand
    }

    /// The command that installs every app classifier in the repository's Models/heads/
    /// (`make models`, which trains them first, runs it too).
    public static let headsInstallCommand = "make models"

    /// The installed model, or nil when `store` has none with this name.
    ///
    /// - Throws: `ModelStoreError` when the model store itself is unreadable or a manifest is broken.
    public func installedModel(in store: ModelStore) throws -> InstalledModel? {
        do {
            return try store.model(name)
        } catch ModelStoreError.notInstalled {
            return nil
        }
    }

    /// The labels of the installed model, or nil when it is not installed. Reads only the
    /// manifest, so it is cheap.
    public func installedLabels(in store: ModelStore) throws -> [String]? {
        try installedModel(in: store)?.manifest.labels
    }

    /// Loads the installed model as a classifier.
    ///
    /// - Throws: `AppModelError.notInstalled` naming the model and the command that installs it,
    ///   or the `ClassificationError` / `ModelStoreError` of a model that cannot be used.
    public func loadClassifier(from store: ModelStore, options: InferenceOptions = InferenceOptions()) throws -> ImageClassifier {
        guard let model = try installedModel(in: store) else {
            throw AppModelError.notInstalled(model: name, purpose: purpose, modelsDirectory: store.modelsDirectory.path,
                                             installCommand: installCommand)
        }
        return try ImageClassifier(model: model, options: options)
    }

    /// Loads the installed model as an object detector.
    ///
    /// - Throws: `AppModelError.notInstalled` naming the model and the command that installs it,
    ///   or the `ObjectDetectionError` / `ModelStoreError` of a model that cannot be used.
    public func loadDetector(from store: ModelStore, options: ObjectDetectionOptions = ObjectDetectionOptions(),
                             inferenceOptions: InferenceOptions = InferenceOptions()) throws -> ObjectDetector {
        guard let model = try installedModel(in: store) else {
            throw AppModelError.notInstalled(model: name, purpose: purpose, modelsDirectory: store.modelsDirectory.path,
                                             installCommand: installCommand)
        }
        return try ObjectDetector(model: model, options: options, inferenceOptions: inferenceOptions)
    }
}
