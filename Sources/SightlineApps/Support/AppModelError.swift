// AppModelError: why an app cannot use one of its models — not installed, or installed with
// labels the app cannot work with — each message saying what to run.
public import Foundation

/// Why an app's model cannot be used.
public enum AppModelError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The model is not in the data directory.
    case notInstalled(model: String, purpose: String, modelsDirectory: String, installCommand: String)
    /// The installed model lacks a label the app's rules depend on.
    case missingLabel(model: String, label: String, labels: [String], installCommand: String)

    public var description: String {
        switch self {
        case let .notInstalled(model, purpose, modelsDirectory, installCommand):
            return "The \(purpose) model '\(model)' is not installed in \(modelsDirectory). "
                + "Install it with `\(installCommand)` (or `make models` in the Sightline repository)."
        case let .missingLabel(model, label, labels, installCommand):
            return "The installed model '\(model)' has no label '\(label)' (its labels: "
                + "\(labels.joined(separator: ", "))); it is not the model this app expects. "
                + "Reinstall the app's model with `\(installCommand)`."
        }
    }

    public var errorDescription: String? { description }
}
