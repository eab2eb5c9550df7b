// ChangedPixels: which pixels drawing changed, comparing an image before and after, so drawing
// tests can assert where ink landed and where it did not.
import SightlineImaging

struct ChangedPixels {
    /// (x, y) of every pixel whose colour differs, row by row.
    let positions: [(x: Int, y: Int)]

    init(from before: RGBImage, to after: RGBImage) {
        precondition(before.size == after.size, "Comparing images of different sizes")
        var positions: [(x: Int, y: Int)] = []
        for y in 0 ..< before.height {
            for x in 0 ..< before.width where before[x, y] != after[x, y] {
                positions.append((x, y))
            }
        }
        self.positions = positions
    }

    var isEmpty: Bool { positions.isEmpty }

    /// The smallest rectangle holding every changed pixel, nil when none changed.
    var bounds: ImageRect? {
        guard let first = positions.first else { return nil }
        var left = first.x, right = first.x, top = first.y, bottom = first.y
        for (x, y) in positions {
            left = min(left, x)
            right = max(right, x)
            top = min(top, y)
            bottom = max(bottom, y)
        }
        return ImageRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }

    /// Whether every changed pixel lies inside `rect`.
    func allInside(_ rect: ImageRect) -> Bool {
        positions.allSatisfy { $0.x >= rect.x && $0.x < rect.x + rect.width && $0.y >= rect.y && $0.y < rect.y + rect.height }
    }
}

