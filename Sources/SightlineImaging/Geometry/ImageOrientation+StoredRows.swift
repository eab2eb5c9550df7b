// ImageOrientation+StoredRows: which rows of the stored pixels a rectangle of the upright
// image comes from, so a decoder can decode only those.

extension ImageOrientation {
    /// The rows of pixels stored as `storedSize` that hold `rect` of the upright image
    /// (see `RGBImage.applyingOrientation`), clamped to the stored rows. For orientations 5–8
    /// the rect's columns become stored rows.
    func storedRows(of rect: ImageRect, storedSize: ImageSize) -> Range<Int> {
        let lastRow = storedSize.height - 1
        let rows: (Int, Int)  // the stored rows of the rect's first and last upright row or column
        switch self {
        case .up, .upMirrored: rows = (rect.y, rect.y + rect.height - 1)
        case .down, .downMirrored: rows = (lastRow - rect.y, lastRow - (rect.y + rect.height - 1))
        case .leftMirrored, .left: rows = (rect.x, rect.x + rect.width - 1)
        case .right, .rightMirrored: rows = (lastRow - rect.x, lastRow - (rect.x + rect.width - 1))
        }
        let first = max(0, min(rows.0, rows.1)), last = min(lastRow, max(rows.0, rows.1))
        return first <= last ? first ..< last + 1 : 0 ..< 0
    }
}
