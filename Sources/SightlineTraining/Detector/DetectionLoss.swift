// DetectionLoss: the training loss of the detector head on one image and its gradient with
// respect to the head's outputs — FCOS's three terms: sigmoid focal loss over every point and
// class (α 0.25, γ 2), GIoU loss of the predicted box at positive points weighted by their
// centre-ness target, and binary cross-entropy of the centre-ness at positive points. Sums are
// divided by batch-wide normalisers (positive points, centre-ness targets) that the caller
// gives, so the gradients of a batch's images add up to the batch's mean loss.
import Foundation

/// The loss of one image, term by term.
struct DetectionLossValue: Sendable {
    var classification: Double = 0
    var box: Double = 0
    var centerness: Double = 0

    var total: Double { classification + box + centerness }

    static func + (lhs: DetectionLossValue, rhs: DetectionLossValue) -> DetectionLossValue {
        DetectionLossValue(classification: lhs.classification + rhs.classification, box: lhs.box + rhs.box,
                           centerness: lhs.centerness + rhs.centerness)
    }
}

enum DetectionLoss {
    static let focalAlpha: Float = 0.25
    static let focalGamma: Float = 2

    /// The loss of `classLogits` / `boxOutputs` (per level, laid out as `DetectionHeadPass`'s
    /// outputs) against `targets`, writing its gradient with respect to them into
    /// `classGradient` / `boxGradient` (same layout, overwritten).
    ///
    /// - Parameters:
    ///   - positives: the batch's positive points (at least 1).
    ///   - centernessSum: the batch's sum of centre-ness targets at positive points (> 0).
    static func evaluate(classLogits: [[Float]], boxOutputs: [[Float]], targets: DetectionTargets, classCount: Int,
                         positives: Float, centernessSum: Float,
                         classGradient: inout [[Float]], boxGradient: inout [[Float]]) -> DetectionLossValue {
        var value = DetectionLossValue()
        let classScale = 1 / max(positives, 1), boxScale = 1 / max(centernessSum, 1e-6)
        for level in classLogits.indices {
            let points = targets.classes[level].count
            classLogits[level].withUnsafeBufferPointer { logits in
                classGradient[level].withUnsafeMutableBufferPointer { gradient in
                    for channel in 0 ..< classCount {
                        let row = channel * points
                        for point in 0 ..< points {
                            let positive = targets.classes[level][point] == Int32(channel)
                            let (loss, slope) = focal(logits[row + point], positive: positive)
                            value.classification += Double(loss * classScale)
                            gradient[row + point] = slope * classScale
                        }
                    }
                }
            }
            boxGradient[level].withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            for point in 0 ..< points where targets.classes[level][point] >= 0 {
                let outputs = boxOutputs[level]
                let raw = (0 ..< 4).map { outputs[$0 * points + point] }
                let target = (0 ..< 4).map { targets.distances[level][4 * point + $0] }
                let weight = targets.centerness[level][point]
                let (loss, slopes) = giou(predicted: raw.map { max($0, 0) }, target: target)
                value.box += Double(loss * weight * boxScale)
                for side in 0 ..< 4 where raw[side] > 0 {
                    boxGradient[level][side * points + point] = slopes[side] * weight * boxScale
                }
                let logit = outputs[4 * points + point]
                value.centerness += Double(binaryCrossEntropy(logit, target: weight) * classScale)
                boxGradient[level][4 * points + point] = (sigmoid(logit) - weight) * classScale
            }
        }
        return value
    }

    /// The focal loss of one logit and its derivative with respect to the logit.
    static func focal(_ logit: Float, positive: Bool) -> (loss: Float, slope: Float) {
        let p = sigmoid(logit)
        // log p = −softplus(−z), log(1 − p) = −softplus(z), computed without overflow.
        let logP = -softplus(-logit), logNotP = -softplus(logit)
        let gamma = focalGamma
        if positive {
            let notP = 1 - p
            let loss = -focalAlpha * pow(notP, gamma) * logP
            let slope = focalAlpha * (gamma * p * pow(notP, gamma) * logP - pow(notP, gamma + 1))
            return (loss, slope)
        }
        let loss = -(1 - focalAlpha) * pow(p, gamma) * logNotP
        let slope = (1 - focalAlpha) * (pow(p, gamma + 1) - gamma * pow(p, gamma) * (1 - p) * logNotP)
        return (loss, slope)
    }

    /// 1 − GIoU of two boxes given as left, top, right, bottom distances from one point, and
    /// the loss's derivatives with respect to the predicted distances.
    static func giou(predicted d: [Float], target g: [Float]) -> (loss: Float, slopes: [Float]) {
        let intersectionWidth = min(d[0], g[0]) + min(d[2], g[2])
        let intersectionHeight = min(d[1], g[1]) + min(d[3], g[3])
        let intersection = intersectionWidth * intersectionHeight
        let predictedArea = (d[0] + d[2]) * (d[1] + d[3])
        let targetArea = (g[0] + g[2]) * (g[1] + g[3])
        let union = max(predictedArea + targetArea - intersection, 1e-9)
        let enclosingWidth = max(d[0], g[0]) + max(d[2], g[2])
        let enclosingHeight = max(d[1], g[1]) + max(d[3], g[3])
        let enclosing = max(enclosingWidth * enclosingHeight, 1e-9)
        let loss = 2 - intersection / union - union / enclosing
        // Through I, the predicted area A and the enclosing area C (U = A + target − I).
        let slopeI = -(union + intersection) / (union * union) + 1 / enclosing
        let slopeA = intersection / (union * union) - 1 / enclosing
        let slopeC = union / (enclosing * enclosing)
        var slopes = [Float](repeating: 0, count: 4)
        for side in 0 ..< 4 {
            let horizontal = side % 2 == 0
            let across = horizontal ? (d[1] + d[3]) : (d[0] + d[2])
            let intersectionAcross = horizontal ? intersectionHeight : intersectionWidth
            let enclosingAcross = horizontal ? enclosingHeight : enclosingWidth
            let inIntersection: Float = d[side] < g[side] ? 1 : 0
            let inEnclosing: Float = d[side] >= g[side] ? 1 : 0
            slopes[side] = slopeI * intersectionAcross * inIntersection + slopeA * across
                + slopeC * enclosingAcross * inEnclosing
        }
        return (loss, slopes)
    }

    static func binaryCrossEntropy(_ logit: Float, target: Float) -> Float {
        max(logit, 0) - logit * target + log1p(exp(-abs(logit)))
    }

    static func sigmoid(_ x: Float) -> Float {
        x >= 0 ? 1 / (1 + exp(-x)) : exp(x) / (1 + exp(x))
    }

    static func softplus(_ x: Float) -> Float {
        max(x, 0) + log1p(exp(-abs(x)))
    }
}
