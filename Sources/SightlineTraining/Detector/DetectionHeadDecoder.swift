// DetectionHeadDecoder: the head's raw outputs for one image turned into objects, exactly as the
// exported ONNX graph and `ObjectDetector` turn them — each point's best class scored
// √(σ(class) · σ(centre-ness)), its box from the point and its ReLU'd distances times the
// stride, per-class suppression (of
// the best 1,000 candidates) — so validation during training measures the installed detector.
import Foundation
import SightlineVision

enum DetectionHeadDecoder {
    /// Candidates scoring at or below this are dropped (COCO-style evaluation keeps low scores).
    static let validationThreshold = 0.05
    static let iouThreshold = 0.6
    static let maximumDetections = 100
    /// Only the best candidates go to suppression (FCOS's 1,000): an untrained head scores
    /// thousands of points above the threshold, and suppression is quadratic in them.
    static let maximumCandidates = 1000

    /// The objects in the image whose letterbox is `letterbox`, most confident first.
    static func objects(classLogits: [[Float]], boxOutputs: [[Float]], sizes: [(height: Int, width: Int)], strides: [Int],
                        classNames: [String], letterbox: Letterbox, threshold: Double = validationThreshold) -> [DetectedObject] {
        var candidates: [DetectionCandidate] = []
        let classCount = classNames.count
        for level in sizes.indices {
            let (height, width) = sizes[level], points = height * width, stride = Double(strides[level])
            let logits = classLogits[level], outputs = boxOutputs[level]
            for point in 0 ..< points {
                // One candidate per point, of its best class, as YOLOv8 decoders read the output.
                var best = 0
                for classIndex in 1 ..< max(classCount, 1) where logits[classIndex * points + point] > logits[best * points + point] {
                    best = classIndex
                }
                let centerness = Double(DetectionLoss.sigmoid(outputs[4 * points + point]))
                let score = (Double(DetectionLoss.sigmoid(logits[best * points + point])) * centerness).squareRoot()
                guard score > threshold else { continue }
                let x = (Double(point % width) + 0.5) * stride, y = (Double(point / width) + 0.5) * stride
                let distance = { (side: Int) in Double(max(outputs[side * points + point], 0)) * stride }
                let (left, top, right, bottom) = (distance(0), distance(1), distance(2), distance(3))
                candidates.append(DetectionCandidate(centerX: x + (right - left) / 2, centerY: y + (bottom - top) / 2,
                                                     width: left + right, height: top + bottom, classIndex: best, confidence: score))
            }
        }
        if candidates.count > maximumCandidates {
            candidates = Array(candidates.sorted { $0.confidence > $1.confidence }.prefix(maximumCandidates))
        }
        let kept = PerClassSuppression.kept(candidates, iouThreshold: iouThreshold, maximumCount: maximumDetections)
        return kept.compactMap { $0.detectedObject(letterbox: letterbox, label: classNames[$0.classIndex]) }
    }
}
