// IndexedPhotoMatch: a photo the index found for a search — the file and the label (and its
// category) that matched, with the confidence of that label.

/// A search result.
public struct IndexedPhotoMatch: Sendable, Equatable {
    public var path: String
    public var label: String
    public var category: String?
    public var confidence: Double
    /// The label's rank among the photo's labels (0: the best).
    public var rank: Int
}
