// FaceDetector+Refinement: MTCNN's second and third stages — R-Net rescores and refines the
// proposals from 24×24 crops, O-Net scores the survivors finally from 48×48 crops and places
// the five landmarks. Each stage runs all its crops through the engine in one batch.
import SightlineEngine
import SightlineImaging

extension FaceDetector {
    /// Stage 2: the proposals R-Net accepts, merged, regressed and squared.
    func refineFaces(_ proposals: [CandidateBox], in image: RGBImage) throws -> [CandidateBox] {
        let boxes = proposals.filter(Self.hasPixels)
        guard !boxes.isEmpty else { return [] }
        let outputs = try refinementNetwork.run(Self.crops(of: boxes, in: image, side: 24),
                                                shape: [boxes.count, 24, 24, 3],
                                                valuesPerItem: ["scores": 2, "boxes": 4])
        let scores = outputs["scores"]!.floats, offsets = outputs["boxes"]!.floats
        let threshold = Float(options.thresholds[1])
        var accepted: [CandidateBox] = []
        var acceptedOffsets: [(Double, Double, Double, Double)] = []
        for index in boxes.indices where scores[index * 2 + 1] > threshold {
            var box = boxes[index]
            box.score = Double(scores[index * 2 + 1])
            accepted.append(box)
            acceptedOffsets.append(Self.offsets(offsets, at: index))
        }
        let kept = NonMaximumSuppression.keptIndices(accepted, threshold: 0.7, overlap: .union)
        return kept.map { accepted[$0].regressed(by: acceptedOffsets[$0], extent: 1).squared() }
    }

    /// Stage 3: the faces O-Net accepts, with their landmarks, most confident first.
    func finalFaces(_ refined: [CandidateBox], in image: RGBImage) throws -> [FaceObservation] {
        let boxes = refined.map { $0.truncated() }.filter(Self.hasPixels)
        guard !boxes.isEmpty else { return [] }
        let outputs = try outputNetwork.run(Self.crops(of: boxes, in: image, side: 48),
                                            shape: [boxes.count, 48, 48, 3],
                                            valuesPerItem: ["scores": 2, "boxes": 4, "landmarks": 10])
        let scores = outputs["scores"]!.floats, offsets = outputs["boxes"]!.floats
        let landmarkValues = outputs["landmarks"]!.floats
        let threshold = Float(options.thresholds[2])
        var accepted: [CandidateBox] = []
        var landmarks: [FaceLandmarks] = []
        for index in boxes.indices where scores[index * 2 + 1] > threshold {
            var box = boxes[index]
            box.score = Double(scores[index * 2 + 1])
            // Landmarks are fractions of the unregressed box: x1…x5, then y1…y5.
            let width = box.x2 - box.x1 + 1, height = box.y2 - box.y1 + 1
            let points = (0 ..< 5).map { point in
                PixelPoint(x: width * Double(landmarkValues[index * 10 + point]) + box.x1 - 1,
                           y: height * Double(landmarkValues[index * 10 + 5 + point]) + box.y1 - 1)
            }
            landmarks.append(FaceLandmarks(leftEye: points[0], rightEye: points[1], nose: points[2],
                                           mouthLeft: points[3], mouthRight: points[4]))
            accepted.append(box.regressed(by: Self.offsets(offsets, at: index), extent: 1))
        }
        let kept = NonMaximumSuppression.keptIndices(accepted, threshold: 0.7, overlap: .minimum)
        return kept.map { index in
            let box = accepted[index]
            let left = max(0, box.x1), top = max(0, box.y1)
            let right = min(Double(image.width), box.x2), bottom = min(Double(image.height), box.y2)
            return FaceObservation(
                boundingBox: PixelRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top)),
                confidence: box.score, landmarks: landmarks[index])
        }
    }

    /// Whether a whole-pixel box covers at least one pixel (crops of others cannot be made).
    private static func hasPixels(_ box: CandidateBox) -> Bool {
        box.x2 - box.x1 + 1 >= 1 && box.y2 - box.y1 + 1 >= 1
    }

    /// The four regression offsets of batch item `index`.
    private static func offsets(_ values: [Float], at index: Int) -> (Double, Double, Double, Double) {
        (Double(values[index * 4]), Double(values[index * 4 + 1]), Double(values[index * 4 + 2]), Double(values[index * 4 + 3]))
    }

    /// The network input for `boxes`: each box's pixels (black outside the image) resized to
    /// `side`×`side`, normalised, in the networks' column-major layout, one after another. As
    /// in the reference, a box's crop starts one pixel up and left of (x1, y1).
    private static func crops(of boxes: [CandidateBox], in image: RGBImage, side: Int) -> [Float] {
        var values: [Float] = []
        values.reserveCapacity(boxes.count * side * side * 3)
        for box in boxes {
            let crop = PixelGrid(cropping: image, left: Int(box.x1) - 1, top: Int(box.y1) - 1,
                                 width: Int(box.x2 - box.x1 + 1), height: Int(box.y2 - box.y1 + 1))
            AreaResampler.resize(crop, width: side, height: side).appendNormalizedColumnMajor(to: &values)
        }
        return values
    }
}
