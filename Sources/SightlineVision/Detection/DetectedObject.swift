// DetectedObject: one object found by `ObjectDetector` — what it is, how sure the detector is,
// and where it is, in pixels of the upright photo and as fractions of its size.
public import SightlineImaging

/// One detected object.
///
/// Coordinates: `boundingBox` is in pixels of the upright photo (EXIF orientation applied) with
/// the origin at its top-left corner and y growing downwards, clipped to the photo;
/// `normalizedBoundingBox` is the same box in fractions of the photo's width and height (same
/// origin), which is how YOLO label files give boxes.
public struct DetectedObject: Sendable, Hashable {
    /// The class name: from the label file, the model's manifest or metadata, or "class N".
    public var label: String
    /// The model's output index of the class (0-based).
    public var classIndex: Int
    /// The detection score, 0–1: objectness × class probability for YOLOv5/v7 models, the class
    /// probability for YOLOv8 models.
    public var confidence: Double
    public var boundingBox: PixelRect
    public var normalizedBoundingBox: NormalizedRect

    /// An object in a photo of `imageWidth`×`imageHeight` pixels; the normalised box is derived
    /// from `boundingBox`.
    public init(label: String, classIndex: Int, confidence: Double, boundingBox: PixelRect,
                imageWidth: Int, imageHeight: Int) {
        self.label = label
        self.classIndex = classIndex
        self.confidence = confidence
        self.boundingBox = boundingBox
        normalizedBoundingBox = NormalizedRect(boundingBox, imageWidth: imageWidth, imageHeight: imageHeight)
    }
}

extension DetectedObject {
    /// The object found in a photo decoded at a reduced scale, in pixels of the whole photo of
    /// `fullSize`: its box stretched from `decoded` to `fullSize` (the normalised box stays).
    public func inPhoto(of fullSize: ImageSize, decodedAs decoded: ImageSize) -> DetectedObject {
        guard decoded != fullSize, decoded.width > 0, decoded.height > 0 else { return self }
        let (x, y) = (Double(fullSize.width) / Double(decoded.width), Double(fullSize.height) / Double(decoded.height))
        let box = PixelRect(x: boundingBox.x * x, y: boundingBox.y * y, width: boundingBox.width * x, height: boundingBox.height * y)
        return DetectedObject(label: label, classIndex: classIndex, confidence: confidence, boundingBox: box,
                              imageWidth: fullSize.width, imageHeight: fullSize.height)
    }
}
