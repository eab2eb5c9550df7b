// YOLOOutputDecoder: a YOLO output tensor's values → the candidate boxes scoring above the
// confidence threshold, each with its best class, in pixels of the model input.

enum YOLOOutputDecoder {
    /// The candidates in `values` (one image's output, laid out as `geometry` says) whose
    /// confidence is above `threshold`. A box's class is its best-scoring one (the first on a
    /// tie); its confidence is that class's score, times the objectness for YOLOv5/v7 — whose
    /// boxes are skipped early when the objectness alone is not above the threshold. Boxes with
    /// non-finite values are skipped.
    static func candidates(in values: [Float], geometry: YOLOOutputGeometry, threshold: Double) -> [DetectionCandidate] {
        precondition(values.count == geometry.boxCount * (geometry.classCount + geometry.layout.valuesBeforeClassScores),
                     "\(values.count) output values do not fill \(geometry)")
        return values.withUnsafeBufferPointer { values in
            switch geometry.layout {
            case .yolov5: rowCandidates(values, geometry: geometry, threshold: Float(threshold))
            case .yolov8: columnCandidates(values, geometry: geometry, threshold: Float(threshold))
            }
        }
    }

    /// YOLOv5/v7: one row of x, y, w, h, objectness, class scores per box.
    private static func rowCandidates(_ values: UnsafeBufferPointer<Float>, geometry: YOLOOutputGeometry,
                                      threshold: Float) -> [DetectionCandidate] {
        let rowLength = 5 + geometry.classCount
        var candidates: [DetectionCandidate] = []
        for box in 0 ..< geometry.boxCount {
            let row = box * rowLength
            let objectness = values[row + 4]
            guard objectness > threshold else { continue }
            var bestClass = 0
            var bestScore = values[row + 5]
            for classIndex in 1 ..< max(1, geometry.classCount) where values[row + 5 + classIndex] > bestScore {
                bestScore = values[row + 5 + classIndex]
                bestClass = classIndex
            }
            let confidence = objectness * bestScore
            guard confidence > threshold else { continue }
            if let candidate = candidate(x: values[row], y: values[row + 1], width: values[row + 2], height: values[row + 3],
                                         classIndex: bestClass, confidence: confidence) {
                candidates.append(candidate)
            }
        }
        return candidates
    }

    /// YOLOv8: channel planes — all boxes' x, then all y, w, h, then each class's scores.
    private static func columnCandidates(_ values: UnsafeBufferPointer<Float>, geometry: YOLOOutputGeometry,
                                         threshold: Float) -> [DetectionCandidate] {
        let boxes = geometry.boxCount
        // Best class per box, scanning plane by plane so the reads are sequential.
        var bestScores = Array(values[4 * boxes ..< 5 * boxes])
        var bestClasses = [Int](repeating: 0, count: boxes)
        for classIndex in 1 ..< max(1, geometry.classCount) {
            let plane = (4 + classIndex) * boxes
            for box in 0 ..< boxes where values[plane + box] > bestScores[box] {
                bestScores[box] = values[plane + box]
                bestClasses[box] = classIndex
            }
        }
        var candidates: [DetectionCandidate] = []
        for box in 0 ..< boxes where bestScores[box] > threshold {
            if let candidate = candidate(x: values[box], y: values[boxes + box], width: values[2 * boxes + box],
                                         height: values[3 * boxes + box], classIndex: bestClasses[box],
                                         confidence: bestScores[box]) {
                candidates.append(candidate)
            }
        }
        return candidates
    }

    private static func candidate(x: Float, y: Float, width: Float, height: Float, classIndex: Int,
                                  confidence: Float) -> DetectionCandidate? {
        guard x.isFinite, y.isFinite, width.isFinite, height.isFinite, confidence.isFinite else { return nil }
        return DetectionCandidate(centerX: Double(x), centerY: Double(y), width: Double(width), height: Double(height),
                                  classIndex: classIndex, confidence: Double(confidence))
    }
}
