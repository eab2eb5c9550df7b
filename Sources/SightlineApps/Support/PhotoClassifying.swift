// PhotoClassifying: what the apps need from a classifier — its labels, its confidence rule and
// the ranked labels for one encoded photo — so app rules can be tested with injected classifier outputs and run
// with an installed model through `ImageClassifier`.
public import Foundation
public import SightlineVision

/// Names what an encoded photo shows, as ranked labels with confidences, and how sure it must be.
public protocol PhotoClassifying: Sendable {
    /// Every label the classifier can answer with, in output order.
    var labels: [String] { get }

    /// The rule that tells the classifier's answers from its guesses.
    var confidenceRule: ConfidenceRule { get }

    /// The `top` most likely labels for an encoded photo (JPEG, PNG or WebP), most confident
    /// first; confidences are probabilities 0…1 over all labels.
    func classify(photo: Data, top: Int) throws -> [ClassificationObservation]
}

extension ImageClassifier: PhotoClassifying {
    /// The manifest's labels.
    public var labels: [String] { model.manifest.labels }

    public func classify(photo: Data, top: Int) throws -> [ClassificationObservation] {
        try classify(data: photo, top: top).observations
    }
}
