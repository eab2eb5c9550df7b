// AreaResampler: resizing that reproduces OpenCV's INTER_AREA, the interpolation the MTCNN
// reference uses for its image pyramid and its face crops. Shrinking averages the source
// pixels each destination pixel covers (partly covered ones by the fraction covered);
// enlarging (on either axis) blends the two nearest source pixels with OpenCV's INTER_AREA
// weights. Checked against cv2.resize's outputs (FaceGeometryTests and the parity tests).
import SightlineImaging

/// One source sample's share of a destination sample along one axis.
private struct Tap {
    var source: Int
    var weight: Float
}

/// Every destination index's taps in three flat arrays: index `i`'s are `starts[i] ..< starts[i + 1]`,
/// each a source offset (the source index × `stride`, the samples between neighbours) and a weight.
private struct TapTable {
    var starts: [Int] = [0]
    var offsets: [Int] = []
    var weights: [Float] = []

    init(_ taps: [[Tap]], stride: Int) {
        for indexTaps in taps {
            for tap in indexTaps {
                offsets.append(tap.source * stride)
                weights.append(tap.weight)
            }
            starts.append(offsets.count)
        }
    }

    func withBuffers<Result>(_ body: (UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>, UnsafeBufferPointer<Float>) -> Result) -> Result {
        starts.withUnsafeBufferPointer { starts in
            offsets.withUnsafeBufferPointer { offsets in
                weights.withUnsafeBufferPointer { weights in body(starts, offsets, weights) }
            }
        }
    }
}

enum AreaResampler {
    /// `grid` resized to `width`×`height`.
    static func resize(_ grid: PixelGrid, width: Int, height: Int) -> PixelGrid {
        grid.samples.withUnsafeBufferPointer { samples in
            resize(samples, sourceWidth: grid.width, sourceHeight: grid.height, width: width, height: height) { $0 }
        }
    }

    /// `image` resized to `width`×`height`, read straight from its bytes.
    static func resize(_ image: RGBImage, width: Int, height: Int) -> PixelGrid {
        image.pixels.withUnsafeBufferPointer { pixels in
            resize(pixels, sourceWidth: image.width, sourceHeight: image.height, width: width, height: height) { Float($0) }
        }
    }

    /// Resizes interleaved RGB `source` samples, converting each with `value`. The loops walk
    /// unchecked pointers: every offset comes from taps that `taps` clamps into the source and
    /// from the sizes the buffers were made with, so Swift's bounds and overflow checks (kept on
    /// in release builds) would guard nothing here, and in the innermost loops they would stop
    /// the compiler from vectorising them.
    private static func resize<Sample>(_ source: UnsafeBufferPointer<Sample>, sourceWidth: Int, sourceHeight: Int,
                                       width: Int, height: Int, value: (Sample) -> Float) -> PixelGrid {
        precondition(source.count >= sourceWidth * sourceHeight * 3, "the source holds fewer samples than its size")
        let shrinking = sourceWidth >= width && sourceHeight >= height
        let rowLength = width * 3
        let columnTaps = TapTable(taps(source: sourceWidth, destination: width, averaging: shrinking), stride: 3)
        let rowTaps = TapTable(taps(source: sourceHeight, destination: height, averaging: shrinking), stride: rowLength)
        guard let sourceBase = source.baseAddress, width > 0, height > 0 else {
            return PixelGrid(width: width, height: height, samples: [Float](repeating: 0, count: width * height * 3))
        }
        // Horizontal pass: every source row resized to the destination width.
        var rows = [Float](repeating: 0, count: sourceHeight * rowLength)
        rows.withUnsafeMutableBufferPointer { rows in
            columnTaps.withBuffers { starts, offsets, weights in
                for y in 0 ..< sourceHeight {
                    let sourceRow = sourceBase + y * sourceWidth * 3
                    var destination = rows.baseAddress! + y * rowLength
                    for x in 0 ..< width {
                        var red: Float = 0, green: Float = 0, blue: Float = 0
                        for tap in starts[x] ..< starts[x + 1] {
                            let pixel = sourceRow + offsets[tap]
                            let weight = weights[tap]
                            red += value(pixel[0]) * weight
                            green += value(pixel[1]) * weight
                            blue += value(pixel[2]) * weight
                        }
                        destination[0] = red
                        destination[1] = green
                        destination[2] = blue
                        destination += 3
                    }
                }
            }
        }
        // Vertical pass.
        var samples = [Float](repeating: 0, count: height * rowLength)
        samples.withUnsafeMutableBufferPointer { samples in
            rows.withUnsafeBufferPointer { rows in
                rowTaps.withBuffers { starts, offsets, weights in
                    for y in 0 ..< height {
                        let destination = samples.baseAddress! + y * rowLength
                        for tap in starts[y] ..< starts[y + 1] {
                            let sourceRow = rows.baseAddress! + offsets[tap]
                            let weight = weights[tap]
                            for index in 0 ..< rowLength {
                                destination[index] += sourceRow[index] * weight
                            }
                        }
                    }
                }
            }
        }
        return PixelGrid(width: width, height: height, samples: samples)
    }

    /// For each destination index along an axis, the source indices and weights that make it.
    private static func taps(source: Int, destination: Int, averaging: Bool) -> [[Tap]] {
        let scale = Double(source) / Double(destination)
        return (0 ..< destination).map { index in
            averaging ? coverageTaps(index, scale: scale, source: source)
                      : blendTaps(index, scale: scale, source: source)
        }
    }

    /// Shrinking: the source pixels covered by [index·scale, (index + 1)·scale), each weighted
    /// by how much of it is covered, normalised by the cell's width inside the image.
    private static func coverageTaps(_ index: Int, scale: Double, source: Int) -> [Tap] {
        let start = Double(index) * scale
        let end = start + scale
        let cellWidth = min(scale, Double(source) - start)
        let last = min(Int(end.rounded(.down)), source - 1)
        let first = min(Int(start.rounded(.up)), last)
        var taps: [Tap] = []
        if Double(first) - start > 1e-3 {
            taps.append(Tap(source: first - 1, weight: Float((Double(first) - start) / cellWidth)))
        }
        for column in first ..< last {
            taps.append(Tap(source: column, weight: Float(1 / cellWidth)))
        }
        if end - Double(last) > 1e-3 {
            taps.append(Tap(source: last, weight: Float(min(min(end - Double(last), 1), cellWidth) / cellWidth)))
        }
        return taps
    }

    /// Enlarging: source pixel ⌊index·scale⌋ and the next one, the next weighted by the part of
    /// the destination pixel past the first one's end (0 when none is), clamped at the edge.
    private static func blendTaps(_ index: Int, scale: Double, source: Int) -> [Tap] {
        var first = Int((Double(index) * scale).rounded(.down))
        var fraction = Float(Double(index + 1) - Double(first + 1) / scale)
        fraction = fraction <= 0 ? 0 : fraction - fraction.rounded(.down)
        if first >= source - 1 {
            first = source - 1
            fraction = 0
        }
        guard fraction > 0 else { return [Tap(source: first, weight: 1)] }
        return [Tap(source: first, weight: 1 - fraction), Tap(source: first + 1, weight: fraction)]
    }
}
