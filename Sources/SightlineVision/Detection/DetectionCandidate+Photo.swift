// DetectionCandidate+Photo: a candidate box taken from model-input pixels back to the photo —
// the letterbox undone and the box clipped to the photo — as the object a caller receives.
import SightlineImaging

extension DetectionCandidate {
    /// This candidate in pixels of the photo, clipped to it; nil when nothing of it is inside.
    package func detectedObject(letterbox: Letterbox, label: String) -> DetectedObject? {
        let width = Double(letterbox.imageSize.width), height = Double(letterbox.imageSize.height)
        let left = min(max(letterbox.imageX(fromInputX: x1), 0), width)
        let right = min(max(letterbox.imageX(fromInputX: x2), 0), width)
        let top = min(max(letterbox.imageY(fromInputY: y1), 0), height)
        let bottom = min(max(letterbox.imageY(fromInputY: y2), 0), height)
        guard right > left, bottom > top else { return nil }
        return DetectedObject(label: label, classIndex: classIndex, confidence: confidence,
                              boundingBox: PixelRect(x: left, y: top, width: right - left, height: bottom - top),
                              imageWidth: letterbox.imageSize.width, imageHeight: letterbox.imageSize.height)
    }
}
