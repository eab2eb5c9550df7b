// LocalizationError: why class activation maps cannot be computed for a model or an image —
// naming the model and what is missing.
public import Foundation
import SightlineEngine

/// Why `ClassActivationMapper` could not be created or could not localise a class.
public enum LocalizationError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The manifest has no "feature_map" output role: the activations before pooling are not exposed.
    case noFeatureMap(model: String)
    /// The graph's classifier head is not global average pooling followed by one linear layer.
    case unsupportedHead(model: String, reason: String)
    /// A requested class index is outside the model's classes.
    case unknownClass(model: String, index: Int, classCount: Int)
    /// The engine failed or returned tensors of unexpected shapes.
    case inferenceFailed(model: String, reason: String)

    public var description: String {
        switch self {
        case let .noFeatureMap(model):
            return "The model '\(model)' does not expose the activations before pooling (no 'feature_map' output in "
                + "its manifest), so it cannot show where it sees a class. Reinstall it with `make models` "
                + "or retrain it with `sightline train`."
        case let .unsupportedHead(model, reason):
            return "The model '\(model)' cannot produce class activation maps: \(reason). Only classifiers whose head is "
                + "global average pooling followed by a linear layer (EfficientNet-Lite, models from `sightline train`) can."
        case let .unknownClass(model, index, classCount):
            return "The model '\(model)' has \(classCount) classes; class \(index) does not exist."
        case let .inferenceFailed(model, reason):
            return "Running the model '\(model)' for localisation failed: \(reason)"
        }
    }

    public var errorDescription: String? { description }
}
