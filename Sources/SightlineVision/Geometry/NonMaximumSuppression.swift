// NonMaximumSuppression: greedy removal of overlapping scored boxes, keeping the highest
// scoring box of each cluster. The face detector uses it on MTCNN's pixel-inclusive boxes (with
// both of MTCNN's overlap measures), the object detector on continuous boxes, class by class.

/// A box that non-maximum suppression can rank and compare. Area and intersection follow the
/// box type's own convention (MTCNN's boxes count both edge pixels, object boxes do not).
protocol SuppressibleBox {
    /// Higher is better: the best remaining box is kept first.
    var score: Double { get }
    /// The area overlaps are measured against.
    var suppressionArea: Double { get }
    /// The area shared with `other` (0 when they do not overlap).
    func suppressionIntersection(with other: Self) -> Double
}

enum NonMaximumSuppression {
    /// How the overlap of two boxes is measured.
    enum Overlap {
        /// Intersection over union.
        case union
        /// Intersection over the smaller box's area: also removes boxes nested in a kept one.
        case minimum
    }

    /// The indices of the boxes kept, highest score first: repeatedly keeps the best remaining
    /// box and drops every remaining box that overlaps it by more than `threshold`. Of boxes
    /// with equal scores the later one comes first, as in MTCNN's reference (the last of an
    /// ascending sort).
    static func keptIndices<Box: SuppressibleBox>(_ boxes: [Box], threshold: Double, overlap: Overlap) -> [Int] {
        // Ascending by score (ties by position), so the best remaining box is always last.
        var remaining = boxes.indices.sorted { boxes[$0].score < boxes[$1].score || (boxes[$0].score == boxes[$1].score && $0 < $1) }
        var kept: [Int] = []
        while let best = remaining.popLast() {
            kept.append(best)
            let bestBox = boxes[best]
            let bestArea = bestBox.suppressionArea
            remaining.removeAll { index in
                let intersection = bestBox.suppressionIntersection(with: boxes[index])
                let area = boxes[index].suppressionArea
                let ratio = switch overlap {
                case .union: intersection / (bestArea + area - intersection)
                case .minimum: intersection / min(bestArea, area)
                }
                return ratio > threshold
            }
        }
        return kept
    }
}
