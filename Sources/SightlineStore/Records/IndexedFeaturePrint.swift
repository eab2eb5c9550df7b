// IndexedFeaturePrint: the feature print stored for one analysed photo of the index — the
// vector a "similar photos" search compares, with the photo it belongs to.

/// A stored feature print.
public struct IndexedFeaturePrint: Sendable, Equatable {
    public var photoID: Int64
    public var path: String
    /// The print as `index work` stored it (unit length).
    public var vector: [Float]
}
