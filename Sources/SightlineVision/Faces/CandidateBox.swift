// CandidateBox: a face candidate passed between MTCNN's stages, with the box arithmetic the
// reference implementation applies to it — regression, squaring and truncation. Coordinates
// follow the reference's convention: (x1, y1) and (x2, y2) are the first and last pixel, so
// a box is x2 − x1 + 1 pixels wide where areas and crops are concerned.

/// A candidate face box in pixels of the original image.
struct CandidateBox {
    var x1: Double
    var y1: Double
    var x2: Double
    var y2: Double
    /// The face probability from the stage that produced or last scored the box.
    var score: Double

    /// The box moved by a stage's regression output (offsets as fractions of the box's size),
    /// with the size measured as `x2 − x1 + extent`: P-Net's boxes use 0, R-Net's and
    /// O-Net's 1, as in the reference.
    func regressed(by offsets: (Double, Double, Double, Double), extent: Double) -> CandidateBox {
        let width = x2 - x1 + extent
        let height = y2 - y1 + extent
        return CandidateBox(x1: x1 + offsets.0 * width, y1: y1 + offsets.1 * height,
                            x2: x2 + offsets.2 * width, y2: y2 + offsets.3 * height, score: score)
    }

    /// The square with the same centre whose side is the longer of the box's width and height.
    func squared() -> CandidateBox {
        let width = x2 - x1
        let height = y2 - y1
        let side = max(width, height)
        let left = x1 + width * 0.5 - side * 0.5
        let top = y1 + height * 0.5 - side * 0.5
        return CandidateBox(x1: left, y1: top, x2: left + side, y2: top + side, score: score)
    }

    /// The coordinates truncated towards zero, as the reference does before cropping.
    func truncated() -> CandidateBox {
        CandidateBox(x1: x1.rounded(.towardZero), y1: y1.rounded(.towardZero),
                     x2: x2.rounded(.towardZero), y2: y2.rounded(.towardZero), score: score)
    }

    /// The area counting both edge pixels, as the reference's suppression does.
    var inclusiveArea: Double { (x2 - x1 + 1) * (y2 - y1 + 1) }

    /// The overlapping area counting both edge pixels (0 when apart).
    func inclusiveIntersection(with other: CandidateBox) -> Double {
        let width = max(0, min(x2, other.x2) - max(x1, other.x1) + 1)
        let height = max(0, min(y2, other.y2) - max(y1, other.y1) + 1)
        return width * height
    }
}

extension CandidateBox: SuppressibleBox {
    var suppressionArea: Double { inclusiveArea }

    func suppressionIntersection(with other: CandidateBox) -> Double { inclusiveIntersection(with: other) }
}
