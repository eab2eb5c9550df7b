// DetectionTargets: what the head should output at every point of every pyramid level for one
// training image (FCOS's assignment). A point is positive for a labelled box when it lies in
// the box's central region (1.5 strides around its centre, within the box) and the box's
// largest distance from it falls in the level's size range; of several such boxes it takes the
// smallest. A box that wins no point this way (smaller than a stride) takes the point nearest
// its centre on the finest level, so every labelled object is learned.
import Foundation

/// A labelled box in model-input pixels (corners) with its class.
struct TrainingBox: Sendable, Hashable {
    var x1: Double
    var y1: Double
    var x2: Double
    var y2: Double
    var classIndex: Int

    var width: Double { x2 - x1 }
    var height: Double { y2 - y1 }
    var area: Double { width * height }
}

/// The targets of one image, level by level, point by point (row-major within a level).
struct DetectionTargets: Sendable {
    /// Per level and point: the class of the box it is positive for, or -1 (background).
    var classes: [[Int32]]
    /// Per level: for each point, left, top, right and bottom distances to its box in strides
    /// (4 values per point; meaningful for positive points only).
    var distances: [[Float]]
    /// Per level and point: the centre-ness target √(min(l,r)/max(l,r) · min(t,b)/max(t,b)).
    var centerness: [[Float]]

    var positiveCount: Int { classes.reduce(0) { $0 + $1.reduce(0) { $0 + ($1 >= 0 ? 1 : 0) } } }
    var centernessSum: Float {
        zip(classes, centerness).reduce(Float(0)) { total, level in
            total + zip(level.0, level.1).reduce(Float(0)) { $0 + ($1.0 >= 0 ? $1.1 : 0) }
        }
    }

    /// How far from a box's centre (in strides) points may be positive.
    static let centreRadius = 1.5
    /// The largest distance from a point to its box's sides that the finest level takes;
    /// each coarser level takes up to twice the one before, the coarsest everything above.
    static let finestLevelLimit = 64.0

    /// The targets for `boxes` on levels of `sizes` (height, width) and `strides`.
    init(boxes: [TrainingBox], sizes: [(height: Int, width: Int)], strides: [Int]) {
        let levels = sizes.count
        classes = sizes.map { [Int32](repeating: -1, count: $0.height * $0.width) }
        distances = sizes.map { [Float](repeating: 0, count: 4 * $0.height * $0.width) }
        centerness = sizes.map { [Float](repeating: 0, count: $0.height * $0.width) }
        var assignedArea = sizes.map { [Double](repeating: .infinity, count: $0.height * $0.width) }
        var boxWon = [Bool](repeating: false, count: boxes.count)

        for level in 0 ..< levels {
            let stride = Double(strides[level]), (height, width) = sizes[level]
            let lower = level == 0 ? 0 : Self.finestLevelLimit * pow(2, Double(level - 1))
            let upper = level == levels - 1 ? Double.infinity : Self.finestLevelLimit * pow(2, Double(level))
            for (boxIndex, box) in boxes.enumerated() where box.width > 0 && box.height > 0 {
                let centreX = (box.x1 + box.x2) / 2, centreY = (box.y1 + box.y2) / 2
                let radius = Self.centreRadius * stride
                let regionX1 = max(box.x1, centreX - radius), regionX2 = min(box.x2, centreX + radius)
                let regionY1 = max(box.y1, centreY - radius), regionY2 = min(box.y2, centreY + radius)
                let firstX = max(0, Int((regionX1 / stride - 0.5).rounded(.up)))
                let lastX = min(width - 1, Int((regionX2 / stride - 0.5).rounded(.down)))
                let firstY = max(0, Int((regionY1 / stride - 0.5).rounded(.up)))
                let lastY = min(height - 1, Int((regionY2 / stride - 0.5).rounded(.down)))
                guard firstX <= lastX, firstY <= lastY else { continue }
                for y in firstY ... lastY {
                    for x in firstX ... lastX {
                        let pointX = (Double(x) + 0.5) * stride, pointY = (Double(y) + 0.5) * stride
                        let left = pointX - box.x1, top = pointY - box.y1, right = box.x2 - pointX, bottom = box.y2 - pointY
                        guard min(left, top, right, bottom) > 0 else { continue }
                        let reach = max(left, top, right, bottom)
                        guard reach > lower, reach <= upper else { continue }
                        let point = y * width + x
                        guard box.area < assignedArea[level][point] else { continue }
                        assignedArea[level][point] = box.area
                        set(level: level, point: point, box: box, stride: stride, pointX: pointX, pointY: pointY)
                        boxWon[boxIndex] = true
                    }
                }
            }
        }
        // Boxes too small for any central point: the finest level's point nearest the centre.
        for (boxIndex, box) in boxes.enumerated() where !boxWon[boxIndex] && box.width > 0 && box.height > 0 {
            let stride = Double(strides[0]), (height, width) = sizes[0]
            let x = min(width - 1, max(0, Int(((box.x1 + box.x2) / 2 / stride).rounded(.down))))
            let y = min(height - 1, max(0, Int(((box.y1 + box.y2) / 2 / stride).rounded(.down))))
            let point = y * width + x
            guard box.area < assignedArea[0][point] else { continue }
            assignedArea[0][point] = box.area
            // The point may lie just outside a box thinner than a stride: its distances are
            // kept positive so the box stays well defined.
            let pointX = min(max((Double(x) + 0.5) * stride, box.x1 + 0.25), box.x2 - 0.25)
            let pointY = min(max((Double(y) + 0.5) * stride, box.y1 + 0.25), box.y2 - 0.25)
            set(level: 0, point: point, box: box, stride: stride, pointX: pointX, pointY: pointY)
        }
    }

    private mutating func set(level: Int, point: Int, box: TrainingBox, stride: Double, pointX: Double, pointY: Double) {
        let left = max(pointX - box.x1, 1e-3), top = max(pointY - box.y1, 1e-3)
        let right = max(box.x2 - pointX, 1e-3), bottom = max(box.y2 - pointY, 1e-3)
        classes[level][point] = Int32(box.classIndex)
        distances[level][4 * point] = Float(left / stride)
        distances[level][4 * point + 1] = Float(top / stride)
        distances[level][4 * point + 2] = Float(right / stride)
        distances[level][4 * point + 3] = Float(bottom / stride)
        centerness[level][point] = Float((min(left, right) / max(left, right) * min(top, bottom) / max(top, bottom)).squareRoot())
    }
}
