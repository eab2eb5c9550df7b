// LocalizationJSON: where in a photo a classifier saw its classes, as `sightline localize --json`
// prints it: {"file", "width", "height", "classes": [{"index", "label", "confidence", "regions":
// [{"x", "y", "width", "height", "peak", "share"}], "map": {"width", "height", "values"}}],
// "milliseconds"} — regions in pixels of the upright photo, the class activation map row by row.
public import SightlineImaging
public import SightlineVision

public struct LocalizationJSON: JSONAnswer, Sendable {
    /// One region of strong activation: its box, its peak and its share of the class's activation.
    public struct Region: Encodable, Sendable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
        public var peak: Double
        public var share: Double
    }

    /// The class activation map at its own resolution, row by row.
    public struct Map: Encodable, Sendable {
        public var width: Int
        public var height: Int
        public var values: [Double]
    }

    public struct Class: Encodable, Sendable {
        public var index: Int
        public var label: String
        public var confidence: Double
        public var regions: [Region]
        public var map: Map

        init(_ result: ClassLocalization) {
            index = result.classIndex
            label = result.label
            confidence = result.confidence
            regions = result.regions.map { region in
                let box = region.boundingBox.inHundredths
                return Region(x: box.x, y: box.y, width: box.width, height: box.height,
                              peak: region.peak.rounded(digits: 4), share: region.share.rounded(digits: 4))
            }
            map = Map(width: result.map.width, height: result.map.height,
                      values: result.map.resampled(columns: result.map.width, rows: result.map.height)
                          .map { Double($0).rounded(digits: 4) })
        }
    }

    public var file: String
    public var width: Int
    public var height: Int
    public var classes: [Class]
    public var milliseconds: Double

    public init(file: String, image: ImageSize, results: [ClassLocalization], milliseconds: Double) {
        self.file = file
        width = image.width
        height = image.height
        classes = results.map(Class.init)
        self.milliseconds = milliseconds.rounded(digits: 3)
    }
}
