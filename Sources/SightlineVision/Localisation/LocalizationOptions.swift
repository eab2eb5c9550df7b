// LocalizationOptions: how class activation maps are turned into boxes.

/// Settings for `ClassActivationMapper`.
public struct LocalizationOptions: Sendable, Equatable {
    /// A region is where the map is at least this fraction of its peak (0…1).
    public var threshold: Float
    /// Regions smaller than this fraction of the photo are dropped.
    public var minimumArea: Double
    /// At most this many regions per class, largest share of the activation first.
    public var maximumRegions: Int

    public init(threshold: Float = 0.4, minimumArea: Double = 0.01, maximumRegions: Int = 3) {
        self.threshold = threshold
        self.minimumArea = minimumArea
        self.maximumRegions = maximumRegions
    }
}
