// FaceDetector+Proposals: MTCNN's first stage — P-Net slides over an image pyramid and
// proposes face boxes, which are merged across levels, regressed and squared.
import Foundation
import SightlineEngine
import SightlineImaging

/// A P-Net hit: its box in image pixels and the box regression P-Net predicted for it.
private struct Proposal {
    var box: CandidateBox
    var offsets: (Double, Double, Double, Double)
}

extension FaceDetector {
    /// P-Net's receptive field: each output cell looks at 12×12 pixels of its pyramid level…
    private static let cellSize = 12.0
    /// …and the cells are 2 pixels apart.
    private static let cellStride = 2.0

    /// The pyramid's scales for an image of this size: the first maps the smallest face to
    /// P-Net's 12-pixel cell, each next one is `scaleFactor` smaller, down to the last level
    /// whose shorter side is still at least 12 pixels.
    func pyramidScales(width: Int, height: Int) -> [Double] {
        let first = Self.cellSize / options.minimumFaceSize
        var shorterSide = Double(min(width, height)) * first
        var scales: [Double] = []
        while shorterSide >= Self.cellSize {
            scales.append(first * pow(options.scaleFactor, Double(scales.count)))
            shorterSide *= options.scaleFactor
        }
        return scales
    }

    /// Stage 1: the squared, whole-pixel boxes that P-Net proposes over the pyramid.
    func proposeFaces(in image: RGBImage) throws -> [CandidateBox] {
        var proposals: [Proposal] = []
        for scale in pyramidScales(width: image.width, height: image.height) {
            let level = try levelProposals(in: image, scale: scale)
            let kept = NonMaximumSuppression.keptIndices(level.map(\.box), threshold: 0.5, overlap: .union)
            proposals += kept.map { level[$0] }
        }
        let kept = NonMaximumSuppression.keptIndices(proposals.map(\.box), threshold: 0.7, overlap: .union)
        return kept.map { proposals[$0].box.regressed(by: proposals[$0].offsets, extent: 0).squared().truncated() }
    }

    /// P-Net's hits on the pyramid level of `image` at `scale`, in image pixels.
    private func levelProposals(in image: RGBImage, scale: Double) throws -> [Proposal] {
        let width = Int((Double(image.width) * scale).rounded(.up))
        let height = Int((Double(image.height) * scale).rounded(.up))
        // The reference resizes the 8-bit image, so each level is stored as bytes again.
        let level = AreaResampler.resize(image, width: width, height: height).roundedToBytes()
        var input: [Float] = []
        level.appendNormalizedColumnMajor(to: &input)
        let outputs = try proposalNetwork.run(input, shape: [1, width, height, 3], valuesPerItem: [:])
        guard let scores = outputs["scores"], let boxes = outputs["boxes"],
              scores.rank == 4, boxes.rank == 4, scores.shape[3] == 2, boxes.shape[3] == 4,
              scores.shape[1 ... 2] == boxes.shape[1 ... 2] else {
            throw FaceDetectionError.inferenceFailed(model: proposalNetwork.modelName, reason:
                "its outputs have shapes \(outputs["scores"]?.shape ?? []) (scores) and \(outputs["boxes"]?.shape ?? []) "
                + "(boxes); expected [1, columns, rows, 2] and [1, columns, rows, 4]")
        }
        // Both outputs are [1, columns, rows, channels], like the input.
        let columns = scores.shape[1], rows = scores.shape[2]
        let probabilities = scores.floats, offsets = boxes.floats
        let threshold = Float(options.thresholds[0])
        var hits: [(column: Int, row: Int)] = []
        for column in 0 ..< columns {
            for row in 0 ..< rows where probabilities[(column * rows + row) * 2 + 1] >= threshold {
                hits.append((column, row))
            }
        }
        // The reference reads the regression of a lone hit from the horizontally mirrored cell
        // (its `np.flipud` when exactly one cell passes); reproduced so results match it.
        let mirrorsLoneHit = hits.count == 1
        return hits.map { hit in
            let regressionColumn = mirrorsLoneHit ? columns - 1 - hit.column : hit.column
            let start = (regressionColumn * rows + hit.row) * 4
            let left = Double(hit.column) * Self.cellStride, top = Double(hit.row) * Self.cellStride
            let box = CandidateBox(x1: ((left + 1) / scale).rounded(.towardZero),
                                   y1: ((top + 1) / scale).rounded(.towardZero),
                                   x2: ((left + Self.cellSize) / scale).rounded(.towardZero),
                                   y2: ((top + Self.cellSize) / scale).rounded(.towardZero),
                                   score: Double(probabilities[(hit.column * rows + hit.row) * 2 + 1]))
            return Proposal(box: box, offsets: (Double(offsets[start]), Double(offsets[start + 1]),
                                                Double(offsets[start + 2]), Double(offsets[start + 3])))
        }
    }
}
