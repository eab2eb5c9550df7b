// ClassifierTrainer+Features: computing the backbone's features for every photo and its
// augmented copies, in batches on all cores. Copy 0 is the photo prepared exactly as the
// classifier prepares it; copies 1… are drawn from a generator seeded per photo and copy, so
// the result does not depend on thread scheduling.
import Foundation
import SightlineImaging
import SightlineVision

/// The features of every photo and copy, and which photos could not be read.
struct ExtractedFeatures {
    /// Copies per photo including the photo itself (1 + augmented copies).
    let imagesPerPhoto: Int
    let featureCount: Int
    /// Row `photo × imagesPerPhoto + copy`; rows of unreadable photos are zeros.
    let values: [Float]
    /// Per photo, why it could not be read, or nil.
    let failures: [String?]

    /// The labelled rows of `photos`: copy 0 only, or every copy.
    func rows(photos: [Int], withCopies: Bool, labels: [Int], classCount: Int, classWeights: [Double]?) -> LabelledFeatures {
        let copies = withCopies ? imagesPerPhoto : 1
        var selected: [Float] = []
        selected.reserveCapacity(photos.count * copies * featureCount)
        var rowLabels: [Int] = []
        for photo in photos {
            for copy in 0 ..< copies {
                let row = photo * imagesPerPhoto + copy
                selected.append(contentsOf: values[row * featureCount ..< (row + 1) * featureCount])
                rowLabels.append(labels[photo])
            }
        }
        return LabelledFeatures(features: FeatureMatrix(rows: rowLabels.count, columns: featureCount, values: selected),
                                labels: rowLabels, classCount: classCount, classWeights: classWeights)
    }
}

/// One image to compute features for: a photo, or one augmented copy of it.
private struct FeatureItem: Sendable {
    var photo: Int
    var url: URL
    /// 0 for the photo itself.
    var copy: Int
}

extension ClassifierTrainer {
    /// Seeds of augmentation draws live in their own range of generator streams.
    private static let augmentationStreams: UInt64 = 1 << 40

    func extractFeatures(of urls: [URL], options: ClassifierTrainingOptions,
                         progress: (TrainingProgress) -> Void) throws(ClassificationError) -> ExtractedFeatures {
        let classifier = extractor.classifier
        let preprocessing = classifier.preprocessing
        let imagesPerPhoto = 1 + (options.augmentation?.copiesPerPhoto ?? 0)
        let items = urls.enumerated().flatMap { photo, url in
            (0 ..< imagesPerPhoto).map { FeatureItem(photo: photo, url: url, copy: $0) }
        }
        let augmentation = options.augmentation
        let seed = options.seed
        let decodeOptions = DecodeOptions(maxPixels: classifier.maxPixels, targetSize: preprocessing.decodeTargetSize)
        let prepare: BatchPreparation<FeatureItem>.Prepare = { item throws(ClassificationError) in
            guard item.copy > 0, let augmentation else {
                return try classifier.inputValues(forImageAt: item.url)
            }
            let image: RGBImage
            do {
                image = try ImageDecoder.decode(contentsOf: item.url, options: decodeOptions)
            } catch {
                throw ClassificationError.unreadableImage(file: item.url.path, reason: ImageClassifier.imagingError(error))
            }
            let stream = Self.augmentationStreams + UInt64(item.photo) * UInt64(imagesPerPhoto) + UInt64(item.copy)
            var generator = SeededRandomGenerator(seed: seed, stream: stream)
            return augmentation.augmented(image, using: &generator).tensorValues(preprocessing)
        }

        var values: [Float] = []
        var featureCount = 0
        var failures = [String?](repeating: nil, count: urls.count)
        var completed = 0
        var inferenceError: ClassificationError?
        progress(.features(completed: 0, total: items.count))
        BatchPreparation.pipeline(items: items, batchSize: options.batchSize, valueCount: preprocessing.valueCount,
                                  prepare: prepare) { prepared in
            guard inferenceError == nil else { return }
            var rows: [[Float]] = []
            if !prepared.preparedIndices.isEmpty {
                do throws(ClassificationError) {
                    rows = try extractor.activations(preparedBatch: prepared.values, imageCount: prepared.preparedIndices.count)
                } catch {
                    inferenceError = error
                    return
                }
            }
            if featureCount == 0, let first = rows.first {
                featureCount = first.count
                values = [Float](repeating: 0, count: items.count * featureCount)
            }
            for (position, index) in prepared.preparedIndices.enumerated() {
                let item = prepared.items[index]
                let row = item.photo * imagesPerPhoto + item.copy
                values.replaceSubrange(row * featureCount ..< (row + 1) * featureCount, with: rows[position])
            }
            for (index, failure) in prepared.failures.enumerated() {
                guard let failure else { continue }
                let photo = prepared.items[index].photo
                if failures[photo] == nil { failures[photo] = Self.reason(failure) }
            }
            completed += prepared.items.count
            progress(.features(completed: completed, total: items.count))
        }
        if let inferenceError { throw inferenceError }
        return ExtractedFeatures(imagesPerPhoto: imagesPerPhoto, featureCount: featureCount, values: values,
                                 failures: failures)
    }

    /// Why a photo could not be used, without its path (the report lists the path next to it).
    private static func reason(_ error: ClassificationError) -> String {
        if case .unreadableImage(_, let reason) = error { return reason.description }
        return error.description
    }
}
