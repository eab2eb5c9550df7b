// ImageClassifier+Files: classifying many image files in batches, decoding and preparing the
// next batch on other threads while the engine runs the current one.
public import Foundation

extension ImageClassifier {
    /// Classifies `urls` in batches of `batchSize`, calling `handler` once per batch in file
    /// order. A file that cannot be read or decoded gets its error and does not stop the run.
    public func classify(imagesAt urls: [URL], top: Int = 5, batchSize: Int = 8,
                         handler: (ClassifiedBatch) throws -> Void) rethrows {
        precondition(batchSize > 0, "batchSize must be at least 1, got \(batchSize)")
        try BatchPreparation.files(urls, batchSize: batchSize, classifier: self) { prepared in
            try handler(classify(prepared, top: top))
        }
    }

    /// Runs the engine on the prepared images of one batch and pairs every file with its outcome.
    private func classify(_ prepared: PreparedBatch<URL>, top: Int) -> ClassifiedBatch {
        let start = DispatchTime.now().uptimeNanoseconds
        let imageCount = prepared.preparedIndices.count
        var inference: Result<[ClassificationResult], ClassificationError> = .success([])
        if imageCount > 0 {
            do {
                inference = .success(try classify(preparedBatch: prepared.values, imageCount: imageCount, top: top))
            } catch let error as ClassificationError {
                inference = .failure(error)
            } catch {
                preconditionFailure("ImageClassifier.classify threw a non-ClassificationError: \(error)")
            }
        }
        let inferenceShare = imageCount > 0
            ? Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(imageCount) : 0
        var position = 0
        let images = prepared.items.indices.map { index -> ClassifiedImage in
            let url = prepared.items[index]
            if let failure = prepared.failures[index] {
                return ClassifiedImage(url: url, result: .failure(failure), seconds: prepared.seconds[index])
            }
            defer { position += 1 }
            return ClassifiedImage(url: url, result: inference.map { $0[position] },
                                   seconds: prepared.seconds[index] + inferenceShare)
        }
        return ClassifiedBatch(images: images, preparedInput: prepared.values,
                               preparedImageIndices: prepared.preparedIndices)
    }
}
