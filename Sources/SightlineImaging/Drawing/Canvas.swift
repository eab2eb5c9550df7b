// Canvas: the pixel operations behind `ImageAnnotator` — filling and outlining rectangles,
// discs, painting text masks and blending colour maps — each clipped to the image, with one
// rule for blending a colour over a pixel.

/// Pixels being drawn on (same layout as `RGBImage`).
struct Canvas: Sendable {
    let width: Int
    let height: Int
    private(set) var pixels: [UInt8]

    init(_ image: RGBImage) {
        width = image.width
        height = image.height
        pixels = image.pixels
    }

    var image: RGBImage { RGBImage(width: width, height: height, pixels: pixels) }

    /// Alpha blending of one channel: `base` + (`paint` − `base`) · `alpha`, rounded to the
    /// nearest level; `alpha` 0 leaves `base`, 1 gives `paint`.
    @inline(__always)
    static func blend(_ base: UInt8, _ paint: UInt8, alpha: Float) -> UInt8 {
        UInt8((Float(base) + (Float(paint) - Float(base)) * alpha).rounded())
    }

    @inline(__always)
    private mutating func blendPixel(at index: Int, _ color: RGBColor, alpha: Float) {
        pixels[index] = Self.blend(pixels[index], color.red, alpha: alpha)
        pixels[index + 1] = Self.blend(pixels[index + 1], color.green, alpha: alpha)
        pixels[index + 2] = Self.blend(pixels[index + 2], color.blue, alpha: alpha)
    }

    /// Blends `color` at `opacity` (0…1) over every pixel of `rect` inside the image.
    mutating func fill(_ rect: ImageRect, color: RGBColor, opacity: Float = 1) {
        let left = max(rect.x, 0), right = min(rect.x + rect.width, width)
        let top = max(rect.y, 0), bottom = min(rect.y + rect.height, height)
        guard left < right, top < bottom, opacity > 0 else { return }
        let alpha = min(opacity, 1)
        for y in top ..< bottom {
            for x in left ..< right {
                blendPixel(at: (y * width + x) * 3, color, alpha: alpha)
            }
        }
    }

    /// An outline `lineWidth` pixels wide drawn inside `rect`'s edges; a rectangle too small
    /// for two lines is filled.
    mutating func outline(_ rect: ImageRect, color: RGBColor, lineWidth: Int) {
        let line = min(max(lineWidth, 1), max(rect.width, rect.height))
        guard rect.width > 2 * line, rect.height > 2 * line else {
            fill(rect, color: color)
            return
        }
        fill(ImageRect(x: rect.x, y: rect.y, width: rect.width, height: line), color: color)
        fill(ImageRect(x: rect.x, y: rect.y + rect.height - line, width: rect.width, height: line), color: color)
        fill(ImageRect(x: rect.x, y: rect.y + line, width: line, height: rect.height - 2 * line), color: color)
        fill(ImageRect(x: rect.x + rect.width - line, y: rect.y + line, width: line, height: rect.height - 2 * line),
             color: color)
    }

    /// A filled disc centred on (`centerX`, `centerY`) with an anti-aliased edge: a pixel is
    /// covered by how far its centre lies inside the circle, up to one pixel.
    mutating func disc(centerX: Double, centerY: Double, radius: Double, color: RGBColor) {
        let left = max(Int((centerX - radius - 1).rounded(.down)), 0)
        let right = min(Int((centerX + radius + 1).rounded(.up)), width)
        let top = max(Int((centerY - radius - 1).rounded(.down)), 0)
        let bottom = min(Int((centerY + radius + 1).rounded(.up)), height)
        guard left < right, top < bottom else { return }
        for y in top ..< bottom {
            for x in left ..< right {
                let dx = Double(x) + 0.5 - centerX, dy = Double(y) + 0.5 - centerY
                let coverage = min(max(radius + 0.5 - (dx * dx + dy * dy).squareRoot(), 0), 1)
                if coverage > 0 {
                    blendPixel(at: (y * width + x) * 3, color, alpha: Float(coverage))
                }
            }
        }
    }

    /// Paints `mask` in `color` with its top-left corner at (`x`, `y`); each pixel is blended
    /// by the mask's coverage.
    mutating func paint(_ mask: TextMask, x: Int, y: Int, color: RGBColor) {
        let left = max(x, 0), right = min(x + mask.width, width)
        let top = max(y, 0), bottom = min(y + mask.height, height)
        guard left < right, top < bottom else { return }
        for row in top ..< bottom {
            let maskRow = (row - y) * mask.width - x
            for column in left ..< right {
                let coverage = mask.coverage[maskRow + column]
                if coverage > 0 {
                    blendPixel(at: (row * width + column) * 3, color, alpha: Float(coverage) / 255)
                }
            }
        }
    }

    /// Stretches `heatMap` bilinearly over the whole image, colours it with `colorMap` and
    /// blends it at `opacity`.
    mutating func overlay(_ heatMap: HeatMap, colorMap: ColorMap, opacity: Float) {
        guard opacity > 0 else { return }
        let alpha = min(opacity, 1)
        let columns = HeatMap.samplePositions(cells: heatMap.width, output: width)
        let rows = HeatMap.samplePositions(cells: heatMap.height, output: height)
        let values = heatMap.values
        var rowValues = [Float](repeating: 0, count: heatMap.width)
        for (y, row) in rows.enumerated() {
            for cell in 0 ..< heatMap.width {
                let above = values[row.lower * heatMap.width + cell], below = values[row.upper * heatMap.width + cell]
                rowValues[cell] = above + (below - above) * row.weight
            }
            for (x, column) in columns.enumerated() {
                let left = rowValues[column.lower], right = rowValues[column.upper]
                blendPixel(at: (y * width + x) * 3, colorMap.color(for: left + (right - left) * column.weight),
                           alpha: alpha)
            }
        }
    }
}
