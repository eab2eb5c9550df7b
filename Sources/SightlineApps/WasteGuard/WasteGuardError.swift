// WasteGuardError: why WasteGuard cannot analyse a photo — consent missing, no usable model
// installed, a model that does not fit, an unknown municipality or an unreadable photo — each
// saying what to do.
public import Foundation

public enum WasteGuardError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The user has not accepted these documents at their current version.
    case consentRequired(missing: [ConsentDocument])
    /// Neither a waste detector nor the general ImageNet model is installed.
    case noModelInstalled(modelsDirectory: String)
    /// An installed model cannot serve WasteGuard.
    case incompatibleModel(model: String, reason: String)
    /// No municipality has this id.
    case unknownMunicipality(id: String, known: [String])
    /// The photo cannot be decoded.
    case unreadableImage(file: String?, reason: String)

    public var description: String {
        switch self {
        case let .consentRequired(missing):
            return "WasteGuard needs your consent before its first use: please read and accept "
                + missing.map(\.rawValue).joined(separator: ", ")
                + " (`sightline waste consent` shows them; `sightline waste consent --accept all` accepts them)."
        case let .noModelInstalled(modelsDirectory):
            return "WasteGuard has no model to work with in \(modelsDirectory): install the general model with "
                + "`make models`, or a waste detector with `sightline models add NAME MODEL.onnx --labels LABELS.txt`."
        case let .incompatibleModel(model, reason):
            return "The model '\(model)' cannot be used by WasteGuard: \(reason)."
        case let .unknownMunicipality(id, known):
            return "There are no disposal rules for the municipality '\(id)'; known: \(known.joined(separator: ", "))."
        case let .unreadableImage(file, reason):
            return "\(file.map { "\($0): " } ?? "")the photo cannot be read: \(reason)."
        }
    }

    public var errorDescription: String? { description }
}
