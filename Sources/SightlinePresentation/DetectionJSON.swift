// DetectionJSON: the objects a detector found in one photo as JSON — `{"file", "objects":
// [{"label", "confidence", "x", "y", "width", "height"}], "milliseconds"}` — as
// `sightline detect --json` prints it and `POST /api/v1/detect` answers.
import Foundation
import SightlineVision

public enum DetectionJSON {
    /// The objects of the photo called `file`, most confident first, found in `milliseconds`.
    public static func record(_ objects: [DetectedObject], file: String, milliseconds: Double) -> JSONLine {
        .object([
            ("file", .string(file)),
            ("objects", .array(objects.map(object))),
            ("milliseconds", .number(milliseconds, digits: 3)),
        ])
    }

    /// One object: label, confidence and box in pixels of the upright photo.
    public static func object(_ object: DetectedObject) -> JSONLine {
        .object([
            ("label", .string(object.label)),
            ("confidence", .number(object.confidence, digits: 6)),
            ("x", .number(object.boundingBox.x, digits: 2)),
            ("y", .number(object.boundingBox.y, digits: 2)),
            ("width", .number(object.boundingBox.width, digits: 2)),
            ("height", .number(object.boundingBox.height, digits: 2)),
        ])
    }
}
