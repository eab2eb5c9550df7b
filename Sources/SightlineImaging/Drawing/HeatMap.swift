// HeatMap: a grid of values between 0 and 1 of any size — a class-activation map, a saliency
// map — that an `ImageAnnotator` stretches over a photo and colours.

/// A `width`×`height` grid of values from 0 (cold) to 1 (hot), row by row from the top-left
/// cell. The grid covers the whole image it is overlaid on: cell (column, row) is centred on
/// the image point ((column + 0.5) / width, (row + 0.5) / height) in normalised coordinates.
public struct HeatMap: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height` values in 0…1, row by row from the top.
    public let values: [Float]

    /// A heat map of `values`, row by row from the top; values outside 0…1 are clamped to it
    /// and NaN counts as 0.
    ///
    /// - Throws: `DrawingError.invalidHeatMap` unless width and height are positive and there
    ///   are exactly `width * height` values.
    public init(width: Int, height: Int, values: [Float]) throws {
        guard width > 0, height > 0 else {
            throw DrawingError.invalidHeatMap("the grid must be at least 1×1, got \(width)×\(height)")
        }
        guard values.count == width * height else {
            throw DrawingError.invalidHeatMap(
                "a \(width)×\(height) grid needs \(width * height) values, got \(values.count)")
        }
        self.width = width
        self.height = height
        self.values = values.map { $0.isNaN ? 0 : min(max($0, 0), 1) }
    }

    /// The grid stretched bilinearly to `outputWidth` values across: for each output column,
    /// the two neighbouring cells and the weight of the right one. Output column x samples the
    /// grid at (x + 0.5) · width / outputWidth − 0.5, clamped to the outer cell centres (the
    /// half-pixel alignment of Pillow's and OpenCV's bilinear resizing).
    static func samplePositions(cells: Int, output: Int) -> [(lower: Int, upper: Int, weight: Float)] {
        let scale = Double(cells) / Double(output)
        return (0 ..< output).map { index in
            let position = min(max((Double(index) + 0.5) * scale - 0.5, 0), Double(cells - 1))
            let lower = Int(position)
            return (lower, min(lower + 1, cells - 1), Float(position - Double(lower)))
        }
    }
}
