// FaceObservation: one face found by `FaceDetector` — where it is, how sure the detector is,
// and its five landmarks, all in pixels of the upright image with the origin at the top left.

/// One detected face.
public struct FaceObservation: Sendable, Hashable {
    /// The face's box, clipped to the image.
    public var boundingBox: PixelRect
    /// The final (O-Net) stage's face probability, 0–1.
    public var confidence: Double
    /// Landmarks are not clipped: a partly visible face may have some outside the image.
    public var landmarks: FaceLandmarks

    public init(boundingBox: PixelRect, confidence: Double, landmarks: FaceLandmarks) {
        self.boundingBox = boundingBox
        self.confidence = confidence
        self.landmarks = landmarks
    }
}

extension FaceObservation {
    /// The observation with its box and landmarks stretched by `x` and `y` (from a shrunk
    /// image's pixels to the original's).
    func scaled(x: Double, y: Double) -> FaceObservation {
        let point = { (point: PixelPoint) in PixelPoint(x: point.x * x, y: point.y * y) }
        return FaceObservation(
            boundingBox: PixelRect(x: boundingBox.x * x, y: boundingBox.y * y, width: boundingBox.width * x,
                                   height: boundingBox.height * y),
            confidence: confidence,
            landmarks: FaceLandmarks(leftEye: point(landmarks.leftEye), rightEye: point(landmarks.rightEye),
                                     nose: point(landmarks.nose), mouthLeft: point(landmarks.mouthLeft),
                                     mouthRight: point(landmarks.mouthRight)))
    }
}
