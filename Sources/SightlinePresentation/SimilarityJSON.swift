// SimilarityJSON: photos ranked by how alike they look to a query photo, as `sightline similar
// --json` prints it: {"query", "model", "results": [{"file", "distance"}], "errors": [{"file",
// "error"}]} — nearest first.
public import Foundation
public import SightlineVision

public struct SimilarityJSON: JSONAnswer, Sendable {
    public struct Result: Encodable, Sendable {
        public var file: String
        public var distance: Double
    }

    public var query: String
    public var model: String
    public var results: [Result]
    public var errors: [ErrorJSON]

    /// The first `top` of `ranking`; `display` names a file the way the user gave it.
    public init(query: String, model: String, ranking: SimilarityRanking, top: Int, display: (URL) -> String) {
        self.query = query
        self.model = model
        results = ranking.ranked.prefix(top).map { Result(file: display($0.url), distance: Double($0.distance)) }
        errors = ranking.failures.map { ErrorJSON(file: display($0.url), message: ClassificationJSON.message(for: $0.error)) }
    }
}
