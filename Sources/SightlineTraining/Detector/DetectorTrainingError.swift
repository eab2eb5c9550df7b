// DetectorTrainingError: why `sightline train-detector` could not train or install a detector,
// each case saying what was wrong and what to do about it.

public enum DetectorTrainingError: Error, Sendable, CustomStringConvertible {
    /// The dataset folder cannot be used as a whole (no data.yaml, no train/ split, …).
    case unusableDataset(path: String, reason: String)
    /// Too little to learn from: no labelled box, or boxes of fewer than two classes.
    case notEnoughData(path: String, reason: String)
    case unusableBackbone(model: String, reason: String)
    /// A detector head file that cannot be read or installed.
    case unusableHead(path: String, reason: String)
    case invalidOption(String)
    case unwritableModel(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unusableDataset(path, reason):
            "The detection dataset at \(path) cannot be used: \(reason). A dataset is a folder with data.yaml (the class "
                + "names) and train/ and valid/ folders, each with images/ and labels/ (YOLO format)."
        case let .notEnoughData(path, reason):
            "Nothing to train a detector on in \(path): \(reason)."
        case let .unusableBackbone(model, reason):
            "The backbone '\(model)' cannot be used for a detector: \(reason)."
        case let .unusableHead(path, reason):
            "The detector head \(path) cannot be used: \(reason). Train it again with `sightline train-detector --head-output`."
        case let .invalidOption(reason):
            "Invalid training option: \(reason)."
        case let .unwritableModel(path, reason):
            "The trained detector could not be saved to \(path): \(reason). Nothing was installed."
        }
    }
}
