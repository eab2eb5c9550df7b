// FaceDetectionOptions: the tunable settings of the MTCNN face detector — smallest face,
// image-pyramid step, the three stages' score thresholds and the largest image side searched.

/// Settings for `FaceDetector`. The defaults are MTCNN's published ones.
public struct FaceDetectionOptions: Sendable, Hashable {
    /// The side in pixels of the smallest face to find. Smaller values add larger pyramid
    /// levels and cost time.
    public var minimumFaceSize: Double
    /// How much each pyramid level shrinks the previous one, in (0, 1).
    public var scaleFactor: Double
    /// The face-probability thresholds of P-Net, R-Net and O-Net, each in [0, 1].
    public var thresholds: [Double]
    /// An image whose longer side is longer than this is searched shrunk to it (the faces'
    /// positions are given in the image's own pixels all the same); nil searches every image at
    /// full size. The pyramid's first level is `12 / minimumFaceSize` of the searched image, in
    /// floats: a 100-megapixel photo at full size would take gigabytes, at 2,048 pixels about
    /// 20 MB. Faces smaller than `minimumFaceSize` × longer side / `largestSide` are not found.
    public var largestSide: Int?

    public init(minimumFaceSize: Double = 20, scaleFactor: Double = 0.709, thresholds: [Double] = [0.6, 0.7, 0.7],
                largestSide: Int? = 2048) {
        self.minimumFaceSize = minimumFaceSize
        self.scaleFactor = scaleFactor
        self.thresholds = thresholds
        self.largestSide = largestSide
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
        if let largestSide, largestSide < 12 {
            throw FaceDetectionError.invalidOptions("largestSide must be at least 12 pixels (P-Net's input), got \(largestSide)")
        }
    }
}
