// ObjectDetectionOptions: the tunable settings of the YOLO object detector — thresholds, the
// detection cap, the letterbox size and the output layout when it cannot be told from the shape.
public import SightlineImaging

/// Settings for `ObjectDetector`. The thresholds default to 0.4 and 0.6, the values the
/// organic-waste app's original model was exported with.
public struct ObjectDetectionOptions: Sendable, Hashable {
    /// Objects scoring at or below this (0–1) are dropped before suppression.
    public var confidenceThreshold: Double
    /// Of two boxes of the same class overlapping by more than this intersection over union
    /// (0–1), the lower-scoring one is dropped.
    public var iouThreshold: Double
    /// At most this many objects per photo, the most confident.
    public var maximumDetections: Int
    /// The size photos are letterboxed to, for models whose input size is not fixed in the
    /// graph; nil takes the model's manifest or metadata (`imgsz`), else 640×640. A model with
    /// a fixed input size must be given that size or nil.
    public var inputSize: ImageSize?
    /// How the output tensor is laid out; nil tells it from the output's shape (see
    /// `YOLOOutputLayout.resolve`).
    public var layout: YOLOOutputLayout?

    public init(confidenceThreshold: Double = 0.4, iouThreshold: Double = 0.6, maximumDetections: Int = 300,
                inputSize: ImageSize? = nil, layout: YOLOOutputLayout? = nil) {
        self.confidenceThreshold = confidenceThreshold
        self.iouThreshold = iouThreshold
        self.maximumDetections = maximumDetections
        self.inputSize = inputSize
        self.layout = layout
    }

    /// The side of the letterbox square when neither the options, the graph nor the model's
    /// description give a size: what YOLO models are exported at by default.
    public static let defaultInputSide = 640

    /// Throws `ObjectDetectionError.invalidOptions` naming the first setting out of range.
    func validate() throws {
        guard confidenceThreshold >= 0, confidenceThreshold <= 1 else {
            throw ObjectDetectionError.invalidOptions("confidenceThreshold must be in [0, 1], got \(confidenceThreshold)")
        }
        guard iouThreshold >= 0, iouThreshold <= 1 else {
            throw ObjectDetectionError.invalidOptions("iouThreshold must be in [0, 1], got \(iouThreshold)")
        }
        guard maximumDetections >= 1 else {
            throw ObjectDetectionError.invalidOptions("maximumDetections must be at least 1, got \(maximumDetections)")
        }
        if let inputSize, inputSize.width < 1 || inputSize.height < 1 || inputSize.width > 8192 || inputSize.height > 8192 {
            throw ObjectDetectionError.invalidOptions(
                "inputSize must be between 1×1 and 8192×8192 pixels, got \(inputSize.width)×\(inputSize.height)")
        }
    }
}
