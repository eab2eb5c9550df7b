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

    /// Resizes interleaved RGB `source` samples, converting each with `value`.
    private static func resize<Sample>(_ source: UnsafeBufferPointer<Sample>, sourceWidth: Int, sourceHeight: Int,
                                       width: Int, height: Int, value: (Sample) -> Float) -> PixelGrid {
        let shrinking = sourceWidth >= width && sourceHeight >= height
        let columnTaps = taps(source: sourceWidth, destination: width, averaging: shrinking)
        let rowTaps = taps(source: sourceHeight, destination: height, averaging: shrinking)
        // Horizontal pass: every source row resized to the destination width.
        var rows = [Float](repeating: 0, count: sourceHeight * width * 3)
        for y in 0 ..< sourceHeight {
            let sourceRow = y * sourceWidth * 3
            let destinationRow = y * width * 3
            for x in 0 ..< width {
                var red: Float = 0, green: Float = 0, blue: Float = 0
                for tap in columnTaps[x] {
                    let start = sourceRow + tap.source * 3
                    red += value(source[start]) * tap.weight
                    green += value(source[start + 1]) * tap.weight
                    blue += value(source[start + 2]) * tap.weight
                }
                rows[destinationRow + x * 3] = red
                rows[destinationRow + x * 3 + 1] = green
                rows[destinationRow + x * 3 + 2] = blue
            }
        }
        // Vertical pass.
        var samples = [Float](repeating: 0, count: height * width * 3)
        let rowLength = width * 3
        for y in 0 ..< height {
            let destinationRow = y * rowLength
            for tap in rowTaps[y] {
                let sourceRow = tap.source * rowLength
                for index in 0 ..< rowLength {
                    samples[destinationRow + index] += rows[sourceRow + index] * tap.weight
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
