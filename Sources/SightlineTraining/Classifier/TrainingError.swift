// TrainingError: why a classifier could not be trained or saved (problems with the photos
// themselves are DatasetErrors), each message saying what to change.
public import Foundation

public enum TrainingError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// A training setting is out of range.
    case invalidOption(String)
    /// The backbone cannot provide features (not a classifier, no "features" output, …).
    case unusableBackbone(model: String, reason: String)
    /// The name a trained model is to be saved under cannot be used.
    case invalidModelName(name: String, reason: String)
    /// A model that was not made by `sightline train` already has the name.
    case nameTakenByInstalledModel(name: String, path: String)
    /// The trained model's files could not be written.
    case unwritableModel(path: String, reason: String)
    /// A file or model is not a usable trained head (see `TrainedHead`).
    case unusableHead(path: String, reason: String)

    public var description: String {
        switch self {
        case let .invalidOption(reason):
            return "Invalid training setting: \(reason)."
        case let .unusableBackbone(model, reason):
            return "The model '\(model)' cannot be the backbone of a trained classifier: \(reason)"
        case let .invalidModelName(name, reason):
            return "'\(name)' cannot name a model: \(reason). Use letters, digits, '-', '_' and '.', "
                + "starting with a letter or digit (e.g. kitchen-vegetables)."
        case let .nameTakenByInstalledModel(name, path):
            return "An installed model is already called '\(name)' (\(path)) and was not made by `sightline train`; "
                + "choose another name."
        case let .unwritableModel(path, reason):
            return "Cannot write the trained model to \(path): \(reason)."
        case let .unusableHead(path, reason):
            return "\(path) is not a usable trained classifier head: \(reason)."
        }
    }

    public var errorDescription: String? { description }
}
