// FaceLandmarks: the five points MTCNN places on a face — eyes, nose tip and mouth corners.

/// The five facial landmarks MTCNN locates. "Left" and "right" are as seen in the image (the
/// left eye is the one nearer the image's left edge), not the person's own left and right.
public struct FaceLandmarks: Sendable, Hashable {
    public var leftEye: PixelPoint
    public var rightEye: PixelPoint
    public var nose: PixelPoint
    public var mouthLeft: PixelPoint
    public var mouthRight: PixelPoint

    public init(leftEye: PixelPoint, rightEye: PixelPoint, nose: PixelPoint, mouthLeft: PixelPoint, mouthRight: PixelPoint) {
        self.leftEye = leftEye
        self.rightEye = rightEye
        self.nose = nose
        self.mouthLeft = mouthLeft
        self.mouthRight = mouthRight
    }

    /// The landmarks in the order left eye, right eye, nose, mouth left, mouth right.
    public var all: [PixelPoint] { [leftEye, rightEye, nose, mouthLeft, mouthRight] }
}
