// FaceDetectionOptions: the tunable settings of the MTCNN face detector — smallest face,
// image-pyramid step and the three stages' score thresholds.

/// Settings for `FaceDetector`. The defaults are MTCNN's published ones.
public struct FaceDetectionOptions: Sendable, Hashable {
    /// The side in pixels of the smallest face to find. Smaller values add larger pyramid
    /// levels and cost time.
    public var minimumFaceSize: Double
    /// How much each pyramid level shrinks the previous one, in (0, 1).
    public var scaleFactor: Double
    /// The face-probability thresholds of P-Net, R-Net and O-Net, each in [0, 1].
    public var thresholds: [Double]

    public init(minimumFaceSize: Double = 20, scaleFactor: Double = 0.709, thresholds: [Double] = [0.6, 0.7, 0.7]) {
        self.minimumFaceSize = minimumFaceSize
        self.scaleFactor = scaleFactor
        self.thresholds = thresholds
    }

    /// Throws `FaceDetectionError.invalidOptions` naming the first setting out of range.
    func validate() throws {
        guard minimumFaceSize.isFinite, minimumFaceSize >= 1 else {
            throw FaceDetectionError.invalidOptions("minimumFaceSize must be at least 1 pixel, got \(minimumFaceSize)")
        }
        guard scaleFactor > 0, scaleFactor < 1 else {
            throw FaceDetectionError.invalidOptions("scaleFactor must be between 0 and 1 (exclusive), got \(scaleFactor)")
        }
        guard thresholds.count == 3, thresholds.allSatisfy({ $0 >= 0 && $0 <= 1 }) else {
            throw FaceDetectionError.invalidOptions(
                "thresholds must be three probabilities (P-Net, R-Net, O-Net) in [0, 1], got \(thresholds)")
        }
    }
}
