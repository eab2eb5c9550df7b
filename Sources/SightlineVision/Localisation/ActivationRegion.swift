// ActivationRegion: one strong region of a class activation map — the box around a connected
// area where the map is at least the threshold — and how such regions are found.

/// A box around one connected area of a class activation map above the threshold.
public struct ActivationRegion: Sendable, Hashable {
    /// In pixels of the upright photo, origin top-left.
    public var boundingBox: PixelRect
    /// The largest map value inside the region, 0…1.
    public var peak: Double
    /// The region's share of the whole map's activation above the threshold, 0…1.
    public var share: Double

    public init(boundingBox: PixelRect, peak: Double, share: Double) {
        self.boundingBox = boundingBox
        self.peak = peak
        self.share = share
    }
}

extension ClassActivationMap {
    /// Samples per map cell along each axis when regions are traced: fine enough that boxes do
    /// not snap to the coarse grid.
    static let regionSamplesPerCell = 16

    /// The connected areas (8-neighbourhood) where the map, resampled over a `photoWidth` ×
    /// `photoHeight` photo, is at least `threshold`; largest share first. Areas covering less
    /// than `minimumArea` of the photo (a fraction) are left out.
    public func regions(threshold: Float, minimumArea: Double = 0.01, photoWidth: Int, photoHeight: Int) -> [ActivationRegion] {
        let columns = width * Self.regionSamplesPerCell
        let rows = height * Self.regionSamplesPerCell
        let samples = resampled(columns: columns, rows: rows)
        var component = [Int32](repeating: -1, count: samples.count)
        var totalAbove = 0.0
        for value in samples where value >= threshold { totalAbove += Double(value) }
        guard totalAbove > 0 else { return [] }

        var regions: [ActivationRegion] = []
        var stack: [Int] = []
        var label: Int32 = 0
        for start in samples.indices where samples[start] >= threshold && component[start] < 0 {
            var (minX, minY, maxX, maxY) = (columns, rows, -1, -1)
            var (mass, peak, count) = (0.0, Float(0), 0)
            component[start] = label
            stack.append(start)
            while let index = stack.popLast() {
                let (x, y) = (index % columns, index / columns)
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
                mass += Double(samples[index])
                peak = max(peak, samples[index])
                count += 1
                for dy in -1 ... 1 {
                    for dx in -1 ... 1 {
                        let (nx, ny) = (x + dx, y + dy)
                        guard nx >= 0, ny >= 0, nx < columns, ny < rows else { continue }
                        let neighbour = ny * columns + nx
                        if component[neighbour] < 0 && samples[neighbour] >= threshold {
                            component[neighbour] = label
                            stack.append(neighbour)
                        }
                    }
                }
            }
            label += 1
            guard Double(count) / Double(samples.count) >= minimumArea else { continue }
            let scaleX = Double(photoWidth) / Double(columns)
            let scaleY = Double(photoHeight) / Double(rows)
            let box = PixelRect(x: Double(minX) * scaleX, y: Double(minY) * scaleY,
                                width: Double(maxX - minX + 1) * scaleX, height: Double(maxY - minY + 1) * scaleY)
            regions.append(ActivationRegion(boundingBox: box, peak: Double(peak), share: mass / totalAbove))
        }
        return regions.sorted { $0.share > $1.share }
    }
}
