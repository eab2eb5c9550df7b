// DetectorTrainer: trains an object detector from a YOLO-format dataset, Create ML style —
// transfer learning on a frozen backbone. Photos are decoded once; each epoch every training
// photo is varied afresh (`DetectionAugmentation`), letterboxed, run through the backbone and
// the head learns from its features by AdamW; the validation photos' features (and, without
// augmentation, the training photos') are computed once and cached. The weights used for validation and kept are an exponential moving average of
// the optimiser's (as YOLO trainers keep), which evens out the step-to-step noise of small
// batches. After each epoch the head is scored by COCO mAP@0.5 on the validation photos;
// training stops when that has not improved for `patience` epochs and the best epoch's head is
// kept. Everything random is drawn from the seed, and each image's work is assigned to a fixed
// worker, so a seed and a thread count always give the same detector.
public import Foundation
import SightlineImaging
public import SightlineVision

/// What the trainer reports while it works.
public enum DetectorTrainingEvent: Sendable {
    /// Photos decoded so far.
    case decoding(done: Int, total: Int)
    /// Validation photos whose features are cached so far.
    case caching(done: Int, total: Int)
    /// Training photos done in the current epoch, and the running mean loss.
    case batch(epoch: Int, epochs: Int, done: Int, total: Int, loss: Double)
    case epochFinished(DetectorEpochRecord)
}

/// A trained detector head with everything needed to install it.
public struct TrainedDetector: Sendable {
    let architecture: DetectionHeadArchitecture
    /// The head's parameters, reading standardised features.
    let parameters: [Float]
    /// Per level and channel: the mean and standard deviation the features are standardised with.
    let featureMean: [[Float]]
    let featureStd: [[Float]]
    let backbone: DetectorBackbone
    public let classNames: [String]
    public let options: DetectorTrainingOptions
    public let dataDirectory: URL
    public let epochs: [DetectorEpochRecord]
    /// The epoch whose head was kept (1-based).
    public let bestEpoch: Int
    public let stoppedEarly: Bool
    public let trainingPhotos: Int
    public let validationPhotos: Int
    public let validationHeldOut: Bool
    /// Labelled boxes per class in the training and validation photos.
    public let trainingBoxes: [Int]
    public let validationBoxes: [Int]
    public let skipped: [(file: String, reason: String)]
    public let clippedBoxes: Int
    public let droppedBoxes: Int
    public let seconds: Double
    /// The kept epoch's validation metrics.
    public let validationMetrics: DetectionMetrics

    public var backboneName: String { backbone.model.name }
}

public enum DetectorTrainer {
    /// The moving average's decay per step (reached after about a thousand steps): it averages
    /// over the last hundred or so, two or three epochs of a few hundred photos.
    static let averageDecay = 0.99

    /// Trains a detector on the dataset at `directory` with `backbone` (an installed classifier).
    ///
    /// - Throws: `DetectorTrainingError`.
    public static func train(directory: URL, backbone model: InstalledModel, options: DetectorTrainingOptions,
                             progress: @escaping @Sendable (DetectorTrainingEvent) -> Void = { _ in }) throws -> TrainedDetector {
        try options.validate()
        let start = Date()
        let threads = options.threads > 0 ? options.threads : ProcessInfo.processInfo.activeProcessorCount
        let inputSide = options.imageSize
        let backbone = try DetectorBackbone(model: model, inputSide: inputSide, threads: threads)
        let set = try DetectionTrainingSet.load(directory: directory, seed: options.seed, maximumSide: inputSide * 3 / 2) {
            progress(.decoding(done: $0, total: $1))
        }
        let classCount = set.classNames.count
        let normalization = model.manifest.input.normalization
        let architecture = DetectionHeadArchitecture(levelChannels: backbone.channels, width: options.width,
                                                     towerDepth: options.towerDepth, classCount: classCount)

        // Feature statistics from the plain training photos (up to 64), then the validation features.
        let statisticsPhotos = Array(set.training.prefix(64))
        var statistics = FeatureStatistics(channels: backbone.channels)
        for chunk in statisticsPhotos.chunked(into: options.batchSize) {
            let prepared = chunk.map { prepare($0.image, objects: $0.objects, inputSide: inputSide, normalization: normalization) }
            for features in try backbone.features(of: prepared.flatMap(\.values), count: prepared.count) {
                statistics.add(features)
            }
        }
        let (mean, std) = statistics.meanAndStd()
        var validationFeatures: [LevelFeatures] = []
        var validationLetterboxes: [Letterbox] = []
        for chunk in set.validation.chunked(into: options.batchSize) {
            let prepared = chunk.map { prepare($0.image, objects: $0.objects, inputSide: inputSide, normalization: normalization) }
            for var features in try backbone.features(of: prepared.flatMap(\.values), count: prepared.count) {
                standardise(&features, mean: mean, std: std)
                validationFeatures.append(features)
            }
            validationLetterboxes += prepared.map(\.letterbox)
            progress(.caching(done: validationFeatures.count, total: set.validation.count))
        }
        // The validation letterboxes map to the stored photos; their boxes are fractions, so the
        // metrics are those of the original photos.

        var generator = SeededRandomGenerator(seed: options.seed, stream: 1)
        var parameters = architecture.initialParameters(using: &generator)
        let batchesPerEpoch = (set.training.count + options.batchSize - 1) / options.batchSize
        var decayMask = [Float](repeating: 1, count: architecture.parameterCount)
        for layer in architecture.allLayers {
            for index in layer.biasOffset ..< layer.end { decayMask[index] = 0 }
        }
        var optimizer = AdamWOptimizer(parameterCount: architecture.parameterCount, decayMask: decayMask,
                                       learningRate: options.learningRate, weightDecay: options.weightDecay,
                                       warmupSteps: min(100, batchesPerEpoch * 2), totalSteps: batchesPerEpoch * options.epochs)
        let workers = (0 ..< threads).map { _ in Worker(architecture: architecture, sizes: backbone.sizes) }
        let patches = options.augment ? ObjectPatch.patchesByClass(of: set.training) : []
        let augmentation = DetectionAugmentation()

        var averaged = parameters
        // Without augmentation every epoch sees the same photos: their features are kept.
        var firstEpochFeatures: [Int: (features: LevelFeatures, targets: DetectionTargets)] = [:]
        var plainFeatures: [Int: (features: LevelFeatures, targets: DetectionTargets)]?
        var records: [DetectorEpochRecord] = []
        var best: (epoch: Int, map: Double, parameters: [Float], metrics: DetectionMetrics)?
        var stoppedEarly = false
        for epoch in 1 ... options.epochs {
            let epochStart = Date()
            var orderGenerator = SeededRandomGenerator(seed: options.seed, stream: 1000 + UInt64(epoch))
            let order = orderGenerator.shuffled(Array(set.training.indices))
            var epochLoss = DetectionLossValue(), imagesDone = 0
            for batch in order.chunked(into: options.batchSize) {
                let features: [LevelFeatures], targets: [DetectionTargets]
                if let cached = plainFeatures {
                    // Unvaried photos: their features were computed once, in the first epoch.
                    (features, targets) = (batch.map { cached[$0]!.features }, batch.map { cached[$0]!.targets })
                } else {
                    let prepared = batch.map { index -> PreparedInput in
                        let photo = set.training[index]
                        guard options.augment else {
                            return prepare(photo.image, objects: photo.objects, inputSide: inputSide, normalization: normalization)
                        }
                        var photoGenerator = SeededRandomGenerator(seed: options.seed, stream: UInt64(epoch) << 32 | UInt64(index))
                        let (image, objects) = augmentation.augmented(photo, patches: patches, using: &photoGenerator)
                        return prepare(image, objects: objects, inputSide: inputSide, normalization: normalization)
                    }
                    var computed = try backbone.features(of: prepared.flatMap(\.values), count: prepared.count)
                    for index in computed.indices { standardise(&computed[index], mean: mean, std: std) }
                    features = computed
                    targets = prepared.map { DetectionTargets(boxes: $0.boxes, sizes: backbone.sizes, strides: backbone.strides) }
                    if !options.augment {
                        for (position, index) in batch.enumerated() { firstEpochFeatures[index] = (features[position], targets[position]) }
                    }
                }
                let positives = Float(targets.reduce(0) { $0 + $1.positiveCount })
                let centernessSum = targets.reduce(Float(0)) { $0 + $1.centernessSum }
                let (current, batchFeatures) = (parameters, features)
                let batchLoss = runWorkers(workers, count: batch.count) { worker, image in
                    worker.train(parameters: current, features: batchFeatures[image], targets: targets[image],
                                 positives: positives, centernessSum: centernessSum)
                }
                var gradient = workers[0].gradient
                for worker in workers.dropFirst() {
                    gradient.withUnsafeMutableBufferPointer { target in
                        worker.gradient.withUnsafeBufferPointer { source in
                            VectorMath.addScaled(1, source.baseAddress!, to: target.baseAddress!, count: target.count)
                        }
                    }
                }
                for worker in workers { worker.resetGradient() }
                optimizer.update(&parameters, gradient: gradient)
                let decay = Float(min(averageDecay, Double(1 + optimizer.step) / Double(10 + optimizer.step)))
                for index in averaged.indices {
                    averaged[index] = decay * averaged[index] + (1 - decay) * parameters[index]
                }
                epochLoss = epochLoss + batchLoss
                imagesDone += batch.count
                let batches = Double((imagesDone + options.batchSize - 1) / options.batchSize)
                progress(.batch(epoch: epoch, epochs: options.epochs, done: imagesDone, total: order.count,
                                loss: epochLoss.total / batches))
            }
            let metrics = validate(parameters: averaged, workers: workers, features: validationFeatures,
                                   letterboxes: validationLetterboxes, photos: set.validation, classNames: set.classNames,
                                   backbone: backbone)
            let map50 = metrics.meanAveragePrecision50 ?? 0
            let record = DetectorEpochRecord(
                epoch: epoch, loss: epochLoss.total / Double(batchesPerEpoch),
                classificationLoss: epochLoss.classification / Double(batchesPerEpoch),
                boxLoss: epochLoss.box / Double(batchesPerEpoch), centernessLoss: epochLoss.centerness / Double(batchesPerEpoch),
                validationMAP50: map50, validationMAP50to95: metrics.meanAveragePrecision50to95 ?? 0,
                seconds: Date().timeIntervalSince(epochStart))
            records.append(record)
            progress(.epochFinished(record))
            if !options.augment && plainFeatures == nil { plainFeatures = firstEpochFeatures }
            if best == nil || map50 > best!.map {
                best = (epoch, map50, averaged, metrics)
            } else if epoch - best!.epoch >= options.patience {
                stoppedEarly = epoch < options.epochs
                break
            }
        }
        let kept = best!
        let countBoxes = { (photos: [DetectionTrainingPhoto]) -> [Int] in
            var counts = [Int](repeating: 0, count: classCount)
            for object in photos.flatMap(\.objects) { counts[object.classIndex] += 1 }
            return counts
        }
        return TrainedDetector(architecture: architecture, parameters: kept.parameters, featureMean: mean, featureStd: std,
                               backbone: backbone, classNames: set.classNames, options: options, dataDirectory: directory,
                               epochs: records, bestEpoch: kept.epoch, stoppedEarly: stoppedEarly,
                               trainingPhotos: set.training.count, validationPhotos: set.validation.count,
                               validationHeldOut: set.validationHeldOut, trainingBoxes: countBoxes(set.training),
                               validationBoxes: countBoxes(set.validation), skipped: set.skipped,
                               clippedBoxes: set.clippedBoxes, droppedBoxes: set.droppedBoxes,
                               seconds: Date().timeIntervalSince(start), validationMetrics: kept.metrics)
    }

    /// The validation photos' metrics for `parameters`.
    static func validate(parameters: [Float], workers: [Worker], features: [LevelFeatures], letterboxes: [Letterbox],
                         photos: [DetectionTrainingPhoto], classNames: [String], backbone: DetectorBackbone) -> DetectionMetrics {
        let detections = WorkerResults<[DetectedObject]>(count: features.count, initial: [])
        DispatchQueue.concurrentPerform(iterations: workers.count) { workerIndex in
            let worker = workers[workerIndex]
            for image in stride(from: workerIndex, to: features.count, by: workers.count) {
                worker.pass.forward(parameters: parameters, features: features[image])
                detections.set(image, DetectionHeadDecoder.objects(
                    classLogits: worker.pass.classLogits, boxOutputs: worker.pass.boxOutputs, sizes: backbone.sizes,
                    strides: backbone.strides, classNames: classNames, letterbox: letterboxes[image]))
            }
        }
        var evaluator = DetectionEvaluator()
        for (photo, objects) in zip(photos, detections.values) {
            evaluator.add(groundTruth: photo.objects, detections: objects)
        }
        return evaluator.metrics(classNames: classNames, operatingConfidence: 0.4)
    }

    /// Runs `body(worker, image)` for images 0..<count, image i on worker i mod workers, and
    /// returns the summed losses (added in worker order, so the result does not depend on timing).
    private static func runWorkers(_ workers: [Worker], count: Int,
                                   _ body: @Sendable (Worker, Int) -> DetectionLossValue) -> DetectionLossValue {
        let losses = WorkerResults<DetectionLossValue>(count: workers.count, initial: DetectionLossValue())
        DispatchQueue.concurrentPerform(iterations: workers.count) { workerIndex in
            var total = DetectionLossValue()
            for image in stride(from: workerIndex, to: count, by: workers.count) {
                total = total + body(workers[workerIndex], image)
            }
            losses.set(workerIndex, total)
        }
        return losses.values.reduce(DetectionLossValue(), +)
    }

    /// A photo letterboxed into the input square, its values normalised, its boxes in input pixels.
    struct PreparedInput {
        let values: [Float]
        let boxes: [TrainingBox]
        let letterbox: Letterbox
    }

    static func prepare(_ image: RGBImage, objects: [GroundTruthObject], inputSide: Int,
                        normalization: ModelManifest.Input.Normalization) -> PreparedInput {
        let letterbox = Letterbox(imageSize: image.size, inputSize: ImageSize(width: inputSide, height: inputSide))
        let values = letterbox.tensorValues(of: image, mean: normalization.mean, std: normalization.std, layout: .nchw)
        let scaleX = Double(letterbox.contentSize.width), scaleY = Double(letterbox.contentSize.height)
        let boxes = objects.map { object in
            TrainingBox(x1: Double(letterbox.left) + object.box.x * scaleX, y1: Double(letterbox.top) + object.box.y * scaleY,
                        x2: Double(letterbox.left) + (object.box.x + object.box.width) * scaleX,
                        y2: Double(letterbox.top) + (object.box.y + object.box.height) * scaleY, classIndex: object.classIndex)
        }
        return PreparedInput(values: values, boxes: boxes, letterbox: letterbox)
    }

    /// (x − mean) / std per level and channel, in place.
    static func standardise(_ features: inout LevelFeatures, mean: [[Float]], std: [[Float]]) {
        for level in features.values.indices {
            let pixels = features.sizes[level].height * features.sizes[level].width
            features.values[level].withUnsafeMutableBufferPointer { values in
                for channel in 0 ..< mean[level].count {
                    let shift = mean[level][channel], scale = 1 / std[level][channel]
                    for index in channel * pixels ..< (channel + 1) * pixels {
                        values[index] = (values[index] - shift) * scale
                    }
                }
            }
        }
    }
}

/// One thread's head pass, its gradient sum and the buffers for the outputs' gradients.
final class Worker: @unchecked Sendable {
    let pass: DetectionHeadPass
    private(set) var gradient: [Float]
    private var classGradient: [[Float]]
    private var boxGradient: [[Float]]
    let architecture: DetectionHeadArchitecture

    init(architecture: DetectionHeadArchitecture, sizes: [(height: Int, width: Int)]) {
        self.architecture = architecture
        pass = DetectionHeadPass(architecture: architecture, sizes: sizes)
        gradient = [Float](repeating: 0, count: architecture.parameterCount)
        classGradient = sizes.map { [Float](repeating: 0, count: architecture.classCount * $0.height * $0.width) }
        boxGradient = sizes.map { [Float](repeating: 0, count: DetectionHeadArchitecture.boxOutputs * $0.height * $0.width) }
    }

    /// Forward, loss and backward for one image; adds its gradient to `gradient`.
    func train(parameters: [Float], features: LevelFeatures, targets: DetectionTargets, positives: Float,
               centernessSum: Float) -> DetectionLossValue {
        pass.forward(parameters: parameters, features: features)
        let loss = DetectionLoss.evaluate(classLogits: pass.classLogits, boxOutputs: pass.boxOutputs, targets: targets,
                                          classCount: architecture.classCount, positives: positives,
                                          centernessSum: centernessSum, classGradient: &classGradient,
                                          boxGradient: &boxGradient)
        pass.backward(parameters: parameters, features: features, classGradient: classGradient, boxGradient: boxGradient,
                      into: &gradient)
        return loss
    }

    func resetGradient() {
        gradient.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }
}

/// One result per index, written from several threads (each index by one of them).
final class WorkerResults<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [Value]

    init(count: Int, initial: Value) {
        values = Array(repeating: initial, count: count)
    }

    func set(_ index: Int, _ value: Value) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }
}

/// Running per-channel sums of feature values, for their mean and standard deviation.
struct FeatureStatistics {
    private var sums: [[Double]]
    private var squares: [[Double]]
    private var counts: [Double]

    init(channels: [Int]) {
        sums = channels.map { [Double](repeating: 0, count: $0) }
        squares = sums
        counts = channels.map { _ in 0 }
    }

    mutating func add(_ features: LevelFeatures) {
        for level in features.values.indices {
            let pixels = features.sizes[level].height * features.sizes[level].width
            for channel in sums[level].indices {
                var sum = 0.0, square = 0.0
                for index in channel * pixels ..< (channel + 1) * pixels {
                    let value = Double(features.values[level][index])
                    sum += value
                    square += value * value
                }
                sums[level][channel] += sum
                squares[level][channel] += square
            }
            counts[level] += Double(pixels)
        }
    }

    /// Per level and channel; a channel that never varies gets a standard deviation of 1.
    func meanAndStd() -> (mean: [[Float]], std: [[Float]]) {
        var mean: [[Float]] = [], std: [[Float]] = []
        for level in sums.indices {
            let count = max(counts[level], 1)
            let levelMean = sums[level].map { $0 / count }
            mean.append(levelMean.map { Float($0) })
            std.append(zip(squares[level], levelMean).map { square, mean in
                let variance = square / count - mean * mean
                return variance > 1e-8 ? Float(variance.squareRoot()) : 1
            })
        }
        return (mean, std)
    }
}

extension Array {
    /// Consecutive slices of at most `size` elements.
    func chunked(into size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0 ..< Swift.min($0 + size, count)]) }
    }
}
