// FaceJSON: the faces found in one photo as JSON — `{"file", "faces": [{"x", "y", "width",
// "height", "confidence", "landmarks": {"leftEye": [x, y], …}}], "milliseconds"}` — as
// `sightline faces --json` prints it and `POST /api/v1/faces` answers. Pixels of the upright
// photo, origin top-left.
import Foundation
public import SightlineVision

public struct FaceJSON: JSONAnswer, Sendable {
    public var openAPISchema: String? { "Faces" }

    /// `{"x", "y", "width", "height", "confidence"}` of one face (the Object Recognizer's face
    /// scan shows these).
    public struct Box: Encodable, Sendable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
        public var confidence: Double

        public init(_ face: FaceObservation) {
            let box = face.boundingBox.inHundredths
            (x, y, width, height) = (box.x, box.y, box.width, box.height)
            confidence = face.confidence
        }
    }

    /// The five landmarks, each `[x, y]`.
    public struct Landmarks: Encodable, Sendable {
        public var leftEye: [Double]
        public var rightEye: [Double]
        public var nose: [Double]
        public var mouthLeft: [Double]
        public var mouthRight: [Double]

        init(_ landmarks: FaceLandmarks) {
            func point(_ point: PixelPoint) -> [Double] { [point.x.rounded(digits: 2), point.y.rounded(digits: 2)] }
            leftEye = point(landmarks.leftEye)
            rightEye = point(landmarks.rightEye)
            nose = point(landmarks.nose)
            mouthLeft = point(landmarks.mouthLeft)
            mouthRight = point(landmarks.mouthRight)
        }
    }

    /// One face: its box, confidence and landmarks.
    public struct Face: Encodable, Sendable {
        public var box: Box
        public var landmarks: Landmarks

        public init(_ face: FaceObservation) {
            box = Box(face)
            landmarks = Landmarks(face.landmarks)
        }

        private enum CodingKeys: String, CodingKey { case landmarks }

        /// The box's members at the face's own level, then "landmarks".
        public func encode(to encoder: any Encoder) throws {
            try box.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(landmarks, forKey: .landmarks)
        }
    }

    public var file: String
    public var faces: [Face]
    public var milliseconds: Double

    /// The faces of the photo called `file`, found in `milliseconds`.
    public init(_ faces: [FaceObservation], file: String, milliseconds: Double) {
        self.file = file
        self.faces = faces.map(Face.init)
        self.milliseconds = milliseconds.rounded(digits: 3)
    }
}
