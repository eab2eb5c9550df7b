// ClassLocalization: the answer to "where is it?" for one class — its heat map over the photo
// and the boxes around the heat map's strong regions.

/// Where a classifier sees one class in a photo.
public struct ClassLocalization: Sendable, Equatable {
    public var classIndex: Int
    public var label: String
    /// The class's probability for the whole, uncropped photo (softmax over all classes), 0…1.
    public var confidence: Double
    public var map: ClassActivationMap
    /// Boxes in pixels of the upright photo (origin top-left), largest share of the activation first.
    public var regions: [ActivationRegion]

    public init(classIndex: Int, label: String, confidence: Double, map: ClassActivationMap, regions: [ActivationRegion]) {
        self.classIndex = classIndex
        self.label = label
        self.confidence = confidence
        self.map = map
        self.regions = regions
    }
}
