// TrainedClassifier: what ClassifierTrainer hands back — the fitted logistic regression with
// its labels and backbone, and a report of the run (photo counts, skipped files, the fit's
// history, accuracies, timings).
public import Foundation
public import SightlineVision

/// How a training run went.
public struct TrainingReport: Sendable {
    /// Per class (in label order), the photos used for training and for validation.
    public var classes: [ModelManifest.Training.ClassCount]
    /// Files that could not be read, in folder order.
    public var skippedPhotos: [SkippedPhoto]
    /// Augmented copies made of each photo (0: none).
    public var augmentationCopies: Int
    /// The regularisation path on the training photos, monitored on the validation photos.
    public var path: RegularizationPathFit
    /// The L2 strength of the fit that produced the final weights.
    public var finalL2Regularization: Double
    /// Iterations of the fit that produced the final weights.
    public var finalIterations: Int
    /// Whether the final weights were fitted on all photos (see `ClassifierTrainingOptions`).
    public var refittedOnAllPhotos: Bool
    /// Accuracy of the final weights on the photos (and copies) they were fitted on.
    public var trainingAccuracy: Double
    /// Accuracy on the validation photos at the chosen strength; nil without validation.
    public var validationAccuracy: Double?
    /// The confidence threshold chosen on the validation photos; nil without enough of them.
    public var confidence: ModelManifest.Confidence?
    /// Seconds spent computing features (decoding, augmenting, running the backbone).
    public var featureSeconds: Double
    /// Seconds spent fitting.
    public var fittingSeconds: Double
}

/// A classifier trained on a backbone's features.
public struct TrainedClassifier: Sendable {
    /// Class names in output order.
    public var labels: [String]
    /// The learned layer applied to the backbone's "features" output.
    public var head: MultinomialLogisticRegression
    /// The model whose features were used.
    public var backbone: InstalledModel
    /// The labelled photo folder.
    public var dataDirectory: URL
    public var options: ClassifierTrainingOptions
    public var report: TrainingReport
}
