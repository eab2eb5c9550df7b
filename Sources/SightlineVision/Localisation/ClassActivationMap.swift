// ClassActivationMap: where in the photo a classifier found evidence for one class — a coarse
// grid (7×7 for EfficientNet-Lite0) of values in 0…1 over the model's input, the part of it
// the photo occupies, and the bilinear sampling that reads it at any point of the photo.

/// A heat map for one class.
///
/// The grid spans the model input; cell (column, row) covers
/// `[column / width, (column + 1) / width) × [row / height, (row + 1) / height)` of it, with its
/// value taken to lie at the cell's centre. The photo fills `photoRegion` of the input (all of
/// it unless the photo was letterboxed); sampling functions take points of the photo.
public struct ClassActivationMap: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Row-major, `width · height` values in 0…1: the class score each cell contributes,
    /// negative contributions set to 0, divided by the largest (all 0 when nothing speaks for it).
    public let values: [Float]
    /// The photo's place in the grid, as fractions of the grid's width and height
    /// (x, y = top-left corner).
    public let photoRegion: (x: Double, y: Double, width: Double, height: Double)

    public init(width: Int, height: Int, values: [Float],
                photoRegion: (x: Double, y: Double, width: Double, height: Double) = (0, 0, 1, 1)) {
        precondition(width > 0 && height > 0 && values.count == width * height,
                     "a \(width)×\(height) map needs \(width * height) values, got \(values.count)")
        precondition(photoRegion.width > 0 && photoRegion.height > 0, "the photo must occupy part of the map")
        self.width = width
        self.height = height
        self.values = values
        self.photoRegion = photoRegion
    }

    /// Builds the normalised map from raw per-cell scores.
    init(width: Int, height: Int, scores: [Float], photoRegion: (x: Double, y: Double, width: Double, height: Double)) {
        let largest = scores.max() ?? 0
        let values = largest > 0 ? scores.map { max($0, 0) / largest } : [Float](repeating: 0, count: scores.count)
        self.init(width: width, height: height, values: values, photoRegion: photoRegion)
    }

    public static func == (left: ClassActivationMap, right: ClassActivationMap) -> Bool {
        left.width == right.width && left.height == right.height && left.values == right.values
            && left.photoRegion == right.photoRegion
    }

    public subscript(column: Int, row: Int) -> Float { values[row * width + column] }

    /// The map at a point given as fractions of the photo's width and height (0…1 each),
    /// interpolated bilinearly between cell centres and held constant beyond the outer centres.
    public func value(atFractionX photoFractionX: Double, fractionY photoFractionY: Double) -> Float {
        let fractionX = photoRegion.x + photoFractionX * photoRegion.width
        let fractionY = photoRegion.y + photoFractionY * photoRegion.height
        func neighbours(_ fraction: Double, _ count: Int) -> (Int, Int, Float) {
            let position = min(max(fraction * Double(count) - 0.5, 0), Double(count - 1))
            let lower = Int(position)
            return (lower, min(lower + 1, count - 1), Float(position - Double(lower)))
        }
        let (x0, x1, tx) = neighbours(fractionX, width)
        let (y0, y1, ty) = neighbours(fractionY, height)
        let top = self[x0, y0] + (self[x1, y0] - self[x0, y0]) * tx
        let bottom = self[x0, y1] + (self[x1, y1] - self[x0, y1]) * tx
        return top + (bottom - top) * ty
    }

    /// The map resampled to `columns` × `rows` samples taken at the centres of an even grid over the photo.
    public func resampled(columns: Int, rows: Int) -> [Float] {
        var samples = [Float](repeating: 0, count: columns * rows)
        for row in 0 ..< rows {
            let fractionY = (Double(row) + 0.5) / Double(rows)
            for column in 0 ..< columns {
                samples[row * columns + column] = value(atFractionX: (Double(column) + 0.5) / Double(columns), fractionY: fractionY)
            }
        }
        return samples
    }
}
