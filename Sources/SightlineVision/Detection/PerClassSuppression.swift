// PerClassSuppression: non-maximum suppression run separately for each class, so overlapping
// objects of different classes (a cup on a plate) both survive, then capped to the best N.

package enum PerClassSuppression {
    /// The candidates kept by intersection-over-union suppression within each class at
    /// `iouThreshold`, most confident first (equal confidences: lower class index, then the
    /// order suppression kept them in), at most `maximumCount` of them.
    package static func kept(_ candidates: [DetectionCandidate], iouThreshold: Double, maximumCount: Int) -> [DetectionCandidate] {
        let byClass = Dictionary(grouping: candidates, by: \.classIndex)
        var kept: [DetectionCandidate] = []
        for classIndex in byClass.keys.sorted() {
            let members = byClass[classIndex]!
            kept += NonMaximumSuppression.keptIndices(members, threshold: iouThreshold, overlap: .union).map { members[$0] }
        }
        // A stable sort keeps the class order and each class's suppression order among equals.
        let ranked = kept.enumerated().sorted { first, second in
            first.element.confidence > second.element.confidence
                || (first.element.confidence == second.element.confidence && first.offset < second.offset)
        }
        return ranked.prefix(maximumCount).map(\.element)
    }
}
