// DetectionEvaluator: mean average precision as the COCO evaluation (pycocotools) defines it —
// per photo and class, detections matched greedily by confidence to labelled boxes at ten IoU
// thresholds; per class, 101-point interpolated precision over all photos; the mean over the
// classes that are labelled — plus precision and recall at an operating confidence.

/// Collects a detector's results photo by photo and scores them against the labels.
///
/// Follows pycocotools' `COCOeval` for bounding boxes with every object counted (no crowd or
/// area ranges): at most `maximumDetectionsPerClass` detections per photo and class, the most
/// confident first; each detection, best first, takes the unmatched labelled box of its class
/// with the highest IoU at or above the threshold; precision is made non-increasing and read at
/// recall 0, 0.01, …, 1 (0 where the recall is never reached) and averaged.
public struct DetectionEvaluator: Sendable {
    /// 0.50, 0.55, …, 0.95, computed as numpy's `linspace(0.5, 0.95, 10)` (as pycocotools does).
    public static let iouThresholds: [Double] = linearlySpaced(from: 0.5, to: 0.95, count: 10)
    /// 0, 0.01, …, 1, computed as numpy's `linspace(0, 1, 101)`.
    public static let recallThresholds: [Double] = linearlySpaced(from: 0, to: 1, count: 101)

    /// Detections kept per photo and class (COCO's `maxDets`, 100).
    public let maximumDetectionsPerClass: Int

    /// One kept detection: its confidence and, per IoU threshold, whether it matched.
    private struct ScoredDetection: Sendable {
        var confidence: Double
        /// Bit t set: matched a labelled box at `iouThresholds[t]`.
        var matches: UInt16
    }

    /// Per class: kept detections in the order added (photo by photo, most confident first).
    private var detectionsByClass: [Int: [ScoredDetection]] = [:]
    private var instancesByClass: [Int: Int] = [:]
    private var photosByClass: [Int: Int] = [:]
    public private(set) var photoCount = 0

    public init(maximumDetectionsPerClass: Int = 100) {
        self.maximumDetectionsPerClass = max(1, maximumDetectionsPerClass)
    }

    /// Adds one photo: its labelled objects and the detector's objects (any order; their
    /// normalised boxes are compared, which gives the same IoU as pixels).
    public mutating func add(groundTruth: [GroundTruthObject], detections: [DetectedObject]) {
        photoCount += 1
        let labelled = Dictionary(grouping: groundTruth, by: \.classIndex)
        let detected = Dictionary(grouping: detections, by: \.classIndex)
        for (classIndex, objects) in labelled {
            instancesByClass[classIndex, default: 0] += objects.count
            photosByClass[classIndex, default: 0] += 1
        }
        for (classIndex, objects) in detected {
            detectionsByClass[classIndex, default: []] += match(objects, to: labelled[classIndex] ?? [])
        }
    }

    /// COCO's per-photo, per-class matching of `detections` to `labels` at every threshold.
    private func match(_ detections: [DetectedObject], to labels: [GroundTruthObject]) -> [ScoredDetection] {
        // Most confident first; equal confidences keep their given order (numpy's mergesort).
        let ranked = detections.enumerated()
            .sorted { $0.element.confidence > $1.element.confidence
                || ($0.element.confidence == $1.element.confidence && $0.offset < $1.offset) }
            .prefix(maximumDetectionsPerClass)
            .map(\.element)
        let overlaps = ranked.map { detection in
            labels.map { detection.normalizedBoundingBox.intersectionOverUnion(with: $0.box) }
        }
        var scored = ranked.map { ScoredDetection(confidence: $0.confidence, matches: 0) }
        for (thresholdIndex, threshold) in Self.iouThresholds.enumerated() {
            var labelTaken = [Bool](repeating: false, count: labels.count)
            for detectionIndex in ranked.indices {
                var best = min(threshold, 1 - 1e-10)
                var bestLabel: Int?
                for labelIndex in labels.indices where !labelTaken[labelIndex] {
                    let overlap = overlaps[detectionIndex][labelIndex]
                    guard overlap >= best else { continue }
                    best = overlap
                    bestLabel = labelIndex
                }
                if let bestLabel {
                    labelTaken[bestLabel] = true
                    scored[detectionIndex].matches |= 1 << thresholdIndex
                }
            }
        }
        return scored
    }

    /// The scores so far. Precision and recall count detections above `operatingConfidence`
    /// matched at IoU 0.5; `classNames` names the classes (missing names become "class N").
    public func metrics(classNames: [String], operatingConfidence: Double) -> DetectionMetrics {
        var perClass: [DetectionMetrics.ClassMetrics] = []
        for classIndex in instancesByClass.keys.sorted() {
            let instances = instancesByClass[classIndex]!
            // All photos' detections, most confident first; ties keep photo order (numpy's mergesort).
            let detections = (detectionsByClass[classIndex] ?? []).enumerated()
                .sorted { $0.element.confidence > $1.element.confidence
                    || ($0.element.confidence == $1.element.confidence && $0.offset < $1.offset) }
                .map(\.element)
            let precisions = Self.iouThresholds.indices.map { threshold in
                Self.averagePrecision(matches: detections.map { $0.matches & (1 << threshold) != 0 }, instances: instances)
            }
            let operating = detections.filter { $0.confidence > operatingConfidence }
            let truePositives = operating.filter { $0.matches & 1 != 0 }.count
            perClass.append(DetectionMetrics.ClassMetrics(
                classIndex: classIndex,
                label: classNames.indices.contains(classIndex) ? classNames[classIndex] : "class \(classIndex)",
                photoCount: photosByClass[classIndex] ?? 0,
                instanceCount: instances,
                detectionCount: operating.count,
                precision: operating.isEmpty ? 0 : Double(truePositives) / Double(operating.count),
                recall: Double(truePositives) / Double(instances),
                averagePrecision50: precisions[0],
                averagePrecision50to95: precisions.reduce(0, +) / Double(precisions.count),
                averagePrecisionByThreshold: precisions))
        }
        func mean(_ value: (DetectionMetrics.ClassMetrics) -> Double) -> Double? {
            perClass.isEmpty ? nil : perClass.map(value).reduce(0, +) / Double(perClass.count)
        }
        return DetectionMetrics(
            perClass: perClass,
            meanAveragePrecision50: mean(\.averagePrecision50),
            meanAveragePrecision50to95: mean(\.averagePrecision50to95),
            meanPrecision: mean(\.precision),
            meanRecall: mean(\.recall),
            operatingConfidence: operatingConfidence,
            photoCount: photoCount,
            instanceCount: instancesByClass.values.reduce(0, +),
            detectedClassesWithoutLabels: detectionsByClass.keys.filter { instancesByClass[$0] == nil }.sorted())
    }

    /// COCO's 101-point interpolated average precision of detections ranked by confidence,
    /// `matches[i]` telling whether the i-th matched, against `instances` labelled objects.
    static func averagePrecision(matches: [Bool], instances: Int) -> Double {
        guard instances > 0 else { return 0 }
        var precision: [Double] = []
        var recall: [Double] = []
        precision.reserveCapacity(matches.count)
        recall.reserveCapacity(matches.count)
        var truePositives = 0.0, falsePositives = 0.0
        for matched in matches {
            if matched { truePositives += 1 } else { falsePositives += 1 }
            recall.append(truePositives / Double(instances))
            precision.append(truePositives / (truePositives + falsePositives + Double.ulpOfOne))
        }
        // The precision envelope: the best precision at this recall or any higher one.
        for index in precision.indices.dropFirst().reversed() where precision[index] > precision[index - 1] {
            precision[index - 1] = precision[index]
        }
        var sum = 0.0
        for threshold in recallThresholds {
            // The first rank whose recall reaches the threshold (numpy's searchsorted, side left).
            var low = 0, high = recall.count
            while low < high {
                let middle = (low + high) / 2
                if recall[middle] < threshold { low = middle + 1 } else { high = middle }
            }
            if low < precision.count { sum += precision[low] }
        }
        return sum / Double(recallThresholds.count)
    }

    /// numpy's `linspace(start, stop, count)`: start + i·step, with the last value exactly `stop`.
    private static func linearlySpaced(from start: Double, to stop: Double, count: Int) -> [Double] {
        let step = (stop - start) / Double(count - 1)
        return (0 ..< count).map { $0 == count - 1 ? stop : start + Double($0) * step }
    }
}
