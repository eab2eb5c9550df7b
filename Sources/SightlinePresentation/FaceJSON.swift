// FaceJSON: the faces found in one photo as JSON — `{"file", "faces": [{"x", "y", "width",
// "height", "confidence", "landmarks": {"leftEye": [x, y], …}}], "milliseconds"}` — as
// `sightline faces --json` prints it and `POST /api/v1/faces` answers. Pixels of the upright
// photo, origin top-left.
import Foundation
import SightlineVision

public enum FaceJSON {
    /// The faces of the photo called `file`, found in `milliseconds`.
    public static func record(_ faces: [FaceObservation], file: String, milliseconds: Double) -> JSONLine {
        .object([
            ("file", .string(file)),
            ("faces", .array(faces.map(face))),
            ("milliseconds", .number(milliseconds, digits: 3)),
        ])
    }

    /// One face with its box, confidence and five landmarks.
    public static func face(_ face: FaceObservation) -> JSONLine {
        func point(_ point: PixelPoint) -> JSONLine {
            .array([.number(point.x, digits: 2), .number(point.y, digits: 2)])
        }
        let landmarks = face.landmarks
        return box(face).appending([
            ("landmarks", .object([
                ("leftEye", point(landmarks.leftEye)),
                ("rightEye", point(landmarks.rightEye)),
                ("nose", point(landmarks.nose)),
                ("mouthLeft", point(landmarks.mouthLeft)),
                ("mouthRight", point(landmarks.mouthRight)),
            ])),
        ])
    }

    /// `{"x", "y", "width", "height", "confidence"}` of one face.
    public static func box(_ face: FaceObservation) -> JSONLine {
        .object([
            ("x", .number(face.boundingBox.x, digits: 2)),
            ("y", .number(face.boundingBox.y, digits: 2)),
            ("width", .number(face.boundingBox.width, digits: 2)),
            ("height", .number(face.boundingBox.height, digits: 2)),
            ("confidence", .number(face.confidence, digits: 6)),
        ])
    }
}
