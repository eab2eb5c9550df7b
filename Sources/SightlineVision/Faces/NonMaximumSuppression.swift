// NonMaximumSuppression: greedy removal of overlapping face candidates, keeping the highest
// scoring box of each cluster — with the two overlap measures MTCNN uses.

enum NonMaximumSuppression {
    /// How the overlap of two boxes is measured.
    enum Overlap {
        /// Intersection over union.
        case union
        /// Intersection over the smaller box's area: also removes boxes nested in a kept one.
        case minimum
    }

    /// The indices of the boxes kept, highest score first: repeatedly keeps the best remaining
    /// box and drops every remaining box that overlaps it by more than `threshold`.
    static func keptIndices(_ boxes: [CandidateBox], threshold: Double, overlap: Overlap) -> [Int] {
        // Ascending by score (ties by position), so the best remaining box is always last.
        var remaining = boxes.indices.sorted { boxes[$0].score < boxes[$1].score || (boxes[$0].score == boxes[$1].score && $0 < $1) }
        var kept: [Int] = []
        while let best = remaining.popLast() {
            kept.append(best)
            let bestBox = boxes[best]
            let bestArea = bestBox.inclusiveArea
            remaining.removeAll { index in
                let intersection = bestBox.inclusiveIntersection(with: boxes[index])
                let area = boxes[index].inclusiveArea
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
