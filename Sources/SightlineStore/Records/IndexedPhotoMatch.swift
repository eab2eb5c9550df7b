// IndexedPhotoMatch: a photo the index found for a search — the photo (its id and file) and the
// label (and its category) that matched, with the confidence of that label.

/// A search result.
public struct IndexedPhotoMatch: Sendable, Equatable {
    /// The photo's id in the index (`PhotoIndex.photo(id:)`).
    public var photoID: Int64
    public var path: String
    public var label: String
    public var category: String?
    public var confidence: Double
    /// The label's rank among the photo's labels (0: the best).
    public var rank: Int
}
