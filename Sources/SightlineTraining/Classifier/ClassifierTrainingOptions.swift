// ClassifierTrainingOptions: the settings of one training run — validation split, augmentation,
// seed, class weights, the regularisation path and batching — with Create ML-like defaults.

public struct ClassifierTrainingOptions: Sendable {
    /// The fraction of each class's photos held out to watch for overfitting (0 ..< 1; 0 trains
    /// on everything without early stopping).
    public var validationFraction: Double
    /// How augmented copies of the photos are made; nil trains on the photos alone.
    public var augmentation: ImageAugmentation?
    /// Seeds the validation split and the augmentation: the same seed, photos and settings
    /// always give the same model.
    public var seed: UInt64
    /// The regularisation strengths tried (with early stopping on the validation loss) and
    /// the iteration limit of each fit.
    public var regularization: RegularizationPath
    /// After the path has chosen a strength by validation loss, fit once more at that strength
    /// on all photos (training and validation), so no photo is wasted. Has no effect without
    /// validation.
    public var refitOnAllPhotos: Bool
    /// Images run through the backbone together.
    public var batchSize: Int
    /// How much one photo of a class counts, by label (classes not named count 1): below 1 for
    /// classes whose photos are known to be less reliably labelled, so the classifier picks them
    /// less readily.
    public var classWeights: [String: Double]

    public init(validationFraction: Double = 0.2, augmentation: ImageAugmentation? = nil, seed: UInt64 = 0,
                regularization: RegularizationPath = RegularizationPath(), refitOnAllPhotos: Bool = true,
                batchSize: Int = 16, classWeights: [String: Double] = [:]) {
        self.validationFraction = validationFraction
        self.augmentation = augmentation
        self.seed = seed
        self.regularization = regularization
        self.refitOnAllPhotos = refitOnAllPhotos
        self.batchSize = batchSize
        self.classWeights = classWeights
    }

    /// Checks the settings that a caller can get wrong at run time.
    func validate() throws(TrainingError) {
        guard validationFraction >= 0, validationFraction < 1, validationFraction.isFinite else {
            throw TrainingError.invalidOption("the validation fraction must be at least 0 and below 1, got \(validationFraction)")
        }
        guard batchSize >= 1 else {
            throw TrainingError.invalidOption("the batch size must be at least 1, got \(batchSize)")
        }
        for (label, weight) in classWeights.sorted(by: { $0.key < $1.key }) where !(weight > 0 && weight.isFinite) {
            throw TrainingError.invalidOption("the weight of class '\(label)' must be a positive number, got \(weight)")
        }
    }

    /// One weight per label of `labels`, in their order; nil without class weights.
    ///
    /// - Throws: `TrainingError.invalidOption` when a weighted label is not one of `labels`.
    func classWeights(for labels: [String]) throws(TrainingError) -> [Double]? {
        guard !classWeights.isEmpty else { return nil }
        let unknown = classWeights.keys.filter { !labels.contains($0) }.sorted()
        guard unknown.isEmpty else {
            throw TrainingError.invalidOption("class weights name \(unknown.map { "'\($0)'" }.joined(separator: ", ")), "
                + "which \(unknown.count == 1 ? "is not a class" : "are not classes") of the photo folder "
                + "(\(labels.joined(separator: ", ")))")
        }
        return labels.map { classWeights[$0] ?? 1 }
    }
}
