// ClassifierTrainer: the "train your own classifier" request, as Create ML's image classifier
// does it — compute a backbone's features for every photo (and augmented copies), hold out a
// stratified validation part, fit a multinomial logistic regression along a regularisation
// path with early stopping on the validation loss, and refit on all photos.
import Dispatch
import Foundation
import SightlineEngine
public import SightlineVision

/// What a training run is doing, for progress displays.
public enum TrainingProgress: Sendable {
    /// Features are ready for `completed` of `total` images (photos plus augmented copies).
    case features(completed: Int, total: Int)
    /// The regularisation path on the training photos is being fitted.
    case fitting(RegularizationPathProgress)
    /// The final fit on all photos, at the chosen strength, has started.
    case refitting(inverseStrength: Double)
}

/// Trains classifiers on the features of one backbone model. Create it once: loading compiles
/// the backbone.
public final class ClassifierTrainer: Sendable {
    /// Computes the backbone's features, preparing photos as the classifier does.
    public let extractor: FeaturePrintExtractor

    /// Loads `backbone`, a classifier whose manifest names a "features" output (lite0, …).
    ///
    /// - Throws: `TrainingError.unusableBackbone` saying why it cannot be used.
    public init(backbone: InstalledModel, options: InferenceOptions = InferenceOptions()) throws(TrainingError) {
        do {
            extractor = try FeaturePrintExtractor(model: backbone, options: options)
        } catch {
            throw TrainingError.unusableBackbone(model: backbone.name, reason: "\(error)")
        }
    }

    /// The backbone model.
    public var backbone: InstalledModel { extractor.classifier.model }

    /// Trains a classifier for the classes of `folder`.
    ///
    /// Photos that cannot be read are left out and listed in the report. Deterministic: the
    /// same photos, options and seed give the same weights.
    ///
    /// - Throws: `DatasetError` (empty class folders, a single class, a class with fewer than
    ///   2 readable photos), `TrainingError.invalidOption`, or `ClassificationError` when the
    ///   backbone fails to run.
    public func train(_ folder: LabelledImageFolder, options: ClassifierTrainingOptions = ClassifierTrainingOptions(),
                      progress: (TrainingProgress) -> Void = { _ in }) throws -> TrainedClassifier {
        try options.validate()
        try Self.checkClasses(of: folder)
        let classWeights = try options.classWeights(for: folder.labels)
        let photos = folder.classes.enumerated().flatMap { classIndex, folderClass in
            folderClass.files.map { (url: $0, classIndex: classIndex) }
        }
        let featureStart = DispatchTime.now().uptimeNanoseconds
        let extracted = try extractFeatures(of: photos.map(\.url), options: options, progress: progress)
        let featureSeconds = Double(DispatchTime.now().uptimeNanoseconds - featureStart) / 1e9

        // Readable photos per class, in folder order.
        var readable = Array(repeating: [Int](), count: folder.classes.count)
        for (photo, entry) in photos.enumerated() where extracted.failures[photo] == nil {
            readable[entry.classIndex].append(photo)
        }
        let tooFew = folder.classes.indices.filter { readable[$0].count < Self.minimumPhotosPerClass }
        guard tooFew.isEmpty else {
            throw DatasetError.tooFewPhotos(minimum: Self.minimumPhotosPerClass, counts: tooFew.map {
                DatasetError.ClassPhotoCount(label: folder.classes[$0].label, photos: readable[$0].count)
            })
        }

        let split = DatasetSplit(photoCounts: readable.map(\.count), validationFraction: options.validationFraction,
                                 seed: options.seed)
        let trainingPhotos = split.training.enumerated().flatMap { classIndex, positions in positions.map { readable[classIndex][$0] } }
        let validationPhotos = split.validation.enumerated().flatMap { classIndex, positions in positions.map { readable[classIndex][$0] } }
        let labelOf = photos.map(\.classIndex)
        let classCount = folder.classes.count
        let training = extracted.rows(photos: trainingPhotos, withCopies: true, labels: labelOf, classCount: classCount,
                                      classWeights: classWeights)
        let validation = validationPhotos.isEmpty ? nil
            : extracted.rows(photos: validationPhotos, withCopies: false, labels: labelOf, classCount: classCount,
                             classWeights: classWeights)

        let fitStart = DispatchTime.now().uptimeNanoseconds
        let path = options.regularization.fit(training, validation: validation) { progress(.fitting($0)) }
        var head = path.model
        let confidence = validation.flatMap { Self.calibrate(path.model, on: $0) }
        var finalL2 = path.chosen.l2Regularization
        var finalIterations = path.chosen.iterations
        var trainingAccuracy = path.chosen.final.trainingAccuracy
        let refit = validation != nil && options.refitOnAllPhotos
        if refit {
            progress(.refitting(inverseStrength: path.chosen.inverseStrength))
            let everything = training.appending(
                extracted.rows(photos: validationPhotos, withCopies: true, labels: labelOf, classCount: classCount,
                               classWeights: classWeights))
            let trainer = options.regularization.trainer(inverseStrength: path.chosen.inverseStrength,
                                                         totalWeight: everything.totalWeight, classCount: classCount)
            let refitted = trainer.fit(everything, startingFrom: path.model)
            head = refitted.model
            finalL2 = trainer.l2Regularization
            finalIterations = refitted.history.count
            trainingAccuracy = refitted.final.trainingAccuracy
        }
        let fittingSeconds = Double(DispatchTime.now().uptimeNanoseconds - fitStart) / 1e9

        let counts = folder.classes.indices.map { classIndex in
            ModelManifest.Training.ClassCount(label: folder.classes[classIndex].label,
                                              trainingPhotos: split.training[classIndex].count,
                                              validationPhotos: split.validation[classIndex].count)
        }
        let skipped = photos.indices.compactMap { photo in
            extracted.failures[photo].map { SkippedPhoto(url: photos[photo].url, reason: $0) }
        }
        let report = TrainingReport(classes: counts, skippedPhotos: skipped,
                                    augmentationCopies: options.augmentation?.copiesPerPhoto ?? 0, path: path,
                                    finalL2Regularization: finalL2, finalIterations: finalIterations, refittedOnAllPhotos: refit,
                                    trainingAccuracy: trainingAccuracy, validationAccuracy: path.chosen.final.validationAccuracy,
                                    confidence: confidence, featureSeconds: featureSeconds, fittingSeconds: fittingSeconds)
        return TrainedClassifier(labels: folder.labels, head: head, backbone: backbone, dataDirectory: folder.url,
                                 options: options, report: report)
    }

    /// Every class needs this many readable photos: one to train on and one to validate with.
    public static let minimumPhotosPerClass = 2

    /// The checks that need no decoding — no empty class folder, at least two classes, and
    /// enough photo files in each class — so a caller can refuse a folder before loading a
    /// backbone. `train` makes them too.
    ///
    /// - Throws: `DatasetError.emptyClassFolders`, `.singleClass` or `.tooFewPhotos`.
    public static func checkClasses(of folder: LabelledImageFolder) throws(DatasetError) {
        let empty = folder.classes.filter(\.files.isEmpty).map(\.label)
        guard empty.isEmpty else { throw DatasetError.emptyClassFolders(path: folder.url.path, labels: empty) }
        guard folder.classes.count >= 2 else {
            throw DatasetError.singleClass(path: folder.url.path, label: folder.classes[0].label)
        }
        let tooFew = folder.classes.filter { $0.files.count < minimumPhotosPerClass }
        guard tooFew.isEmpty else {
            throw DatasetError.tooFewPhotos(minimum: minimumPhotosPerClass, counts: tooFew.map {
                DatasetError.ClassPhotoCount(label: $0.label, photos: $0.files.count)
            })
        }
    }
}
