// DetectionJSON: the objects a detector found in one photo as JSON — `{"file", "objects":
// [{"label", "confidence", "x", "y", "width", "height"}], "milliseconds"}` — as
// `sightline detect --json` prints it and `POST /api/v1/detect` answers.
import Foundation
public import SightlineVision

public struct DetectionJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "Detection" }

    /// One object: label, confidence and box in pixels of the upright photo, origin top-left.
    public struct Object: Encodable, Sendable {
        public var label: String
        public var confidence: Double
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double

        public init(_ object: DetectedObject) {
            label = object.label
            confidence = object.confidence
            let box = object.boundingBox.inHundredths
            (x, y, width, height) = (box.x, box.y, box.width, box.height)
        }
    }

    public var file: String
    /// Most confident first.
    public var objects: [Object]
    public var milliseconds: Double

    /// The objects of the photo called `file`, found in `milliseconds`.
    public init(_ objects: [DetectedObject], file: String, milliseconds: Double) {
        self.file = file
        self.objects = objects.map(Object.init)
        self.milliseconds = milliseconds.rounded(digits: 3)
    }
}
