// FeaturePrintExtractor+Similarity: "which of these photos look most like this one?" — ranks
// image files by the distance of their feature prints to a query's.
public import Foundation

/// An image and how far its feature print is from the query's (smaller is more similar).
public struct SimilarImage: Sendable, Equatable {
    public var url: URL
    /// `FeaturePrint.distance(to:)` from the query: 0 for the same picture, at most 2.
    public var distance: Float

    public init(url: URL, distance: Float) {
        self.url = url
        self.distance = distance
    }
}

/// The outcome of ranking files by similarity.
public struct SimilarityRanking: Sendable {
    /// Every file that could be read, most similar first (ties in file order).
    public var ranked: [SimilarImage]
    /// The files that could not be read or decoded, with the reason, in file order.
    public var failures: [(url: URL, error: ClassificationError)]
}

extension FeaturePrintExtractor {
    /// Ranks `urls` by how similar they look to `query`.
    ///
    /// - Parameter progress: called after each batch with the number of files done so far.
    /// - Throws: `FeaturePrintError.differentLengths` when `query` comes from another model.
    public func rankBySimilarity(to query: FeaturePrint, imagesAt urls: [URL], batchSize: Int = 8,
                                 progress: (Int) -> Void = { _ in }) throws -> SimilarityRanking {
        var scored: [(index: Int, image: SimilarImage)] = []
        var failures: [(url: URL, error: ClassificationError)] = []
        var done = 0
        try featurePrints(imagesAt: urls, batchSize: batchSize) { batch in
            for file in batch {
                switch file.result {
                case .success(let print):
                    scored.append((done, SimilarImage(url: file.url, distance: try query.distance(to: print))))
                case .failure(let error):
                    failures.append((file.url, error))
                }
                done += 1
            }
            progress(done)
        }
        scored.sort { $0.image.distance != $1.image.distance ? $0.image.distance < $1.image.distance : $0.index < $1.index }
        return SimilarityRanking(ranked: scored.map(\.image), failures: failures)
    }
}
