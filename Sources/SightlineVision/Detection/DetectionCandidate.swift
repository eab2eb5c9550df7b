// DetectionCandidate: one box decoded from a YOLO output, in pixels of the letterboxed model
// input, before suppression and before the letterbox is undone.

/// A candidate object: corners in model-input pixels (x1, y1 top-left; x2, y2 bottom-right,
/// continuous coordinates), its best class and that class's confidence.
package struct DetectionCandidate: Sendable, Hashable {
    package var x1: Double
    package var y1: Double
    package var x2: Double
    package var y2: Double
    package var classIndex: Int
    package var confidence: Double

    /// The candidate for a box given by its centre and size, as YOLO outputs give it.
    package init(centerX: Double, centerY: Double, width: Double, height: Double, classIndex: Int, confidence: Double) {
        x1 = centerX - width / 2
        y1 = centerY - height / 2
        x2 = centerX + width / 2
        y2 = centerY + height / 2
        self.classIndex = classIndex
        self.confidence = confidence
    }
}

extension DetectionCandidate: SuppressibleBox {
    var score: Double { confidence }

    var suppressionArea: Double { max(0, x2 - x1) * max(0, y2 - y1) }

    func suppressionIntersection(with other: DetectionCandidate) -> Double {
        max(0, min(x2, other.x2) - max(x1, other.x1)) * max(0, min(y2, other.y2) - max(y1, other.y1))
    }
}
