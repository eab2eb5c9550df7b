// FeaturePrintExtractor+Files: feature prints of many image files, in batches, preparing the
// next batch on other threads while the engine runs the current one (as classifying does).
public import Foundation

/// One file's feature print, or why it has none.
public struct FileFeaturePrint: Sendable {
    public var url: URL
    public var result: Result<FeaturePrint, ClassificationError>

    public init(url: URL, result: Result<FeaturePrint, ClassificationError>) {
        self.url = url
        self.result = result
    }
}

extension FeaturePrintExtractor {
    /// Computes the feature prints of `urls` in batches of `batchSize`, calling `handler` once
    /// per batch in file order. A file that cannot be read or decoded gets its error and does
    /// not stop the run.
    public func featurePrints(imagesAt urls: [URL], batchSize: Int = 8,
                              handler: ([FileFeaturePrint]) throws -> Void) rethrows {
        precondition(batchSize > 0, "batchSize must be at least 1, got \(batchSize)")
        try BatchPreparation.files(urls, batchSize: batchSize, classifier: classifier) { prepared in
            let imageCount = prepared.preparedIndices.count
            var prints: Result<[FeaturePrint], ClassificationError> = .success([])
            if imageCount > 0 {
                prints = Result { () throws(ClassificationError) in
                    try featurePrints(preparedBatch: prepared.values, imageCount: imageCount)
                }
            }
            var position = 0
            try handler(prepared.items.indices.map { index in
                if let failure = prepared.failures[index] {
                    return FileFeaturePrint(url: prepared.items[index], result: .failure(failure))
                }
                defer { position += 1 }
                return FileFeaturePrint(url: prepared.items[index], result: prints.map { $0[position] })
            })
        }
    }
}
