// DetectorTrainingOptions: the settings of `sightline train-detector` — backbone, input size,
// epochs, seed and the optimiser's and head's settings — with their defaults and checks.

public struct DetectorTrainingOptions: Sendable, Equatable {
    /// The installed classifier whose frozen features the head reads ("lite0" or "lite2").
    public var backbone: String
    /// The side of the square letterboxed input, a multiple of 32.
    public var imageSize: Int
    /// The most passes over the training photos.
    public var epochs: Int
    /// Training stops when validation mAP@0.5 has not improved for this many epochs; the best
    /// epoch's weights are kept.
    public var patience: Int
    public var seed: UInt64
    public var batchSize: Int
    /// AdamW's peak learning rate and decoupled weight decay.
    public var learningRate: Double
    public var weightDecay: Double
    /// The pyramid's and towers' channels, and 3×3 convolutions per tower.
    public var width: Int
    public var towerDepth: Int
    /// Whether training photos are varied (copy-paste, crop, mirror, colour) each epoch.
    public var augment: Bool
    /// Threads (0: one per core).
    public var threads: Int

    public init(backbone: String = "lite0", imageSize: Int = 320, epochs: Int = 30, patience: Int = 8, seed: UInt64 = 0,
                batchSize: Int = 8, learningRate: Double = 2e-3, weightDecay: Double = 0.05, width: Int = 64,
                towerDepth: Int = 2, augment: Bool = true, threads: Int = 0) {
        self.backbone = backbone
        self.imageSize = imageSize
        self.epochs = epochs
        self.patience = patience
        self.seed = seed
        self.batchSize = batchSize
        self.learningRate = learningRate
        self.weightDecay = weightDecay
        self.width = width
        self.towerDepth = towerDepth
        self.augment = augment
        self.threads = threads
    }

    /// - Throws: `DetectorTrainingError.invalidOption` naming the first setting out of range.
    public func validate() throws(DetectorTrainingError) {
        guard imageSize >= 64, imageSize <= 1024, imageSize % 32 == 0 else {
            throw .invalidOption("--image-size must be a multiple of 32 from 64 to 1024, got \(imageSize)")
        }
        guard (1 ... 1000).contains(epochs) else { throw .invalidOption("--epochs must be 1 to 1000, got \(epochs)") }
        guard patience >= 1 else { throw .invalidOption("the patience must be at least 1 epoch, got \(patience)") }
        guard (1 ... 256).contains(batchSize) else { throw .invalidOption("the batch size must be 1 to 256, got \(batchSize)") }
        guard learningRate > 0, learningRate < 1 else { throw .invalidOption("the learning rate must be in (0, 1), got \(learningRate)") }
        guard weightDecay >= 0, weightDecay < 1 else { throw .invalidOption("the weight decay must be in [0, 1), got \(weightDecay)") }
        guard (8 ... 512).contains(width) else { throw .invalidOption("the head width must be 8 to 512, got \(width)") }
        guard (0 ... 6).contains(towerDepth) else { throw .invalidOption("the tower depth must be 0 to 6, got \(towerDepth)") }
        guard threads >= 0 else { throw .invalidOption("threads must not be negative, got \(threads)") }
    }
}
