// ClassifierEvaluator: the "evaluate" request — classifies every photo of a labelled folder
// (one sub-folder per class) with a model and computes a ClassifierEvaluation, leaving out
// and listing the files that cannot be read.
public import Foundation
import SightlineImaging

/// The outcome of evaluating a classifier on a labelled folder.
public struct ClassifierEvaluationRun: Sendable {
    public var evaluation: ClassifierEvaluation
    /// Files that could not be read or decoded, in folder order.
    public var skippedPhotos: [SkippedPhoto]
    /// Every photo scored, in folder order (the evaluation's input, for calibration).
    public var outcomes: [ClassifierOutcome]
}

public enum ClassifierEvaluator {
    /// Classifies the photos of `folder` with `classifier` and scores the results. Folder names
    /// are matched with the model's labels exactly, or else ignoring case and treating "_",
    /// "-" and spaces alike ("bell_pepper" matches "bell pepper").
    ///
    /// - Parameter progress: called after each batch with the number of photos done so far.
    /// - Throws: `ClassifierEvaluationError` when the model has no labels or a folder is not
    ///   one of its classes, or `DatasetError.emptyClassFolders` when no folder has photos.
    public static func evaluate(_ classifier: ImageClassifier, on folder: LabelledImageFolder, batchSize: Int = 8,
                                progress: (Int) -> Void = { _ in }) throws -> ClassifierEvaluationRun {
        let modelLabels = classifier.model.manifest.labels
        guard !modelLabels.isEmpty else { throw ClassifierEvaluationError.modelHasNoLabels(model: classifier.model.name) }
        let classIndices = folder.classes.map { matchingIndex(of: $0.label, in: modelLabels) }
        let unknown = folder.classes.indices.filter { classIndices[$0] == nil }.map { folder.classes[$0].label }
        guard unknown.isEmpty else {
            throw ClassifierEvaluationError.unknownClasses(model: classifier.model.name, folders: unknown, modelLabels: modelLabels)
        }
        let photos = folder.classes.indices.flatMap { index in folder.classes[index].files.map { ($0, classIndices[index]!) } }
        guard !photos.isEmpty else {
            throw DatasetError.emptyClassFolders(path: folder.url.path, labels: folder.labels)
        }
        var outcomes: [ClassifierOutcome] = []
        var skipped: [SkippedPhoto] = []
        var done = 0
        var failure: ClassificationError?
        classifier.classify(imagesAt: photos.map(\.0), top: min(3, modelLabels.count), batchSize: batchSize) { batch in
            for image in batch.images {
                switch image.result {
                case .success(let result):
                    outcomes.append(ClassifierOutcome(truth: photos[done].1, ranking: result.observations.map(\.index),
                                                      confidence: result.best.map { Double($0.confidence) } ?? 0))
                case .failure(.unreadableImage(_, let reason)):
                    skipped.append(SkippedPhoto(url: image.url, reason: reason.description))
                case .failure(let error):
                    failure = failure ?? error
                }
                done += 1
            }
            progress(done)
        }
        if let failure { throw failure }
        return ClassifierEvaluationRun(evaluation: ClassifierEvaluation(modelLabels: modelLabels, outcomes: outcomes),
                                       skippedPhotos: skipped, outcomes: outcomes)
    }

    /// The index of the model label `folderName` names: an exact match, or else the only label
    /// equal to it ignoring case and treating "_", "-" and spaces alike.
    static func matchingIndex(of folderName: String, in labels: [String]) -> Int? {
        if let exact = labels.firstIndex(of: folderName) { return exact }
        func normalised(_ text: String) -> String {
            text.lowercased().split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == " " }).joined(separator: " ")
        }
        let wanted = normalised(folderName)
        let matches = labels.indices.filter { normalised(labels[$0]) == wanted }
        return matches.count == 1 ? matches[0] : nil
    }
}

/// Why a classifier cannot be evaluated on a folder.
public enum ClassifierEvaluationError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The model's manifest lists no class names to match folder names with.
    case modelHasNoLabels(model: String)
    /// Sub-folders that name none of the model's classes.
    case unknownClasses(model: String, folders: [String], modelLabels: [String])

    public var description: String {
        switch self {
        case let .modelHasNoLabels(model):
            return "The model '\(model)' has no class names in its manifest, so its classes cannot be matched with folder names."
        case let .unknownClasses(model, folders, modelLabels):
            let known = modelLabels.count <= 20 ? modelLabels.joined(separator: ", ")
                : modelLabels.prefix(20).joined(separator: ", ") + ", … (\(modelLabels.count) in all)"
            return "These folders are not classes of '\(model)': \(folders.joined(separator: ", ")). "
                + "Name each sub-folder after one of its classes (\(known)), or remove the others."
        }
    }

    public var errorDescription: String? { description }
}
