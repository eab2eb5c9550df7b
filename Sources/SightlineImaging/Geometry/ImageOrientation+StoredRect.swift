// ImageOrientation+StoredRect: which pixels of the stored image a rectangle of the upright
// image comes from, so a decoder can decode only those.

extension ImageOrientation {
    /// The rectangle of pixels stored as `storedSize` that holds `rect` of the upright image
    /// (see `RGBImage.applyingOrientation`), clamped to the stored image. For orientations 5–8
    /// the rect's columns are stored rows and its rows stored columns.
    func storedRect(of rect: ImageRect, storedSize: ImageSize) -> ImageRect {
        let columns = rect.x ..< rect.x + rect.width, rows = rect.y ..< rect.y + rect.height
        let (storedColumns, storedRows): (Range<Int>, Range<Int>)
        switch self {
        case .up: (storedColumns, storedRows) = (columns, rows)
        case .upMirrored: (storedColumns, storedRows) = (Self.mirrored(columns, storedSize.width), rows)
        case .down: (storedColumns, storedRows) = (Self.mirrored(columns, storedSize.width), Self.mirrored(rows, storedSize.height))
        case .downMirrored: (storedColumns, storedRows) = (columns, Self.mirrored(rows, storedSize.height))
        case .leftMirrored: (storedColumns, storedRows) = (rows, columns)
        case .right: (storedColumns, storedRows) = (rows, Self.mirrored(columns, storedSize.height))
        case .rightMirrored: (storedColumns, storedRows) = (Self.mirrored(rows, storedSize.width), Self.mirrored(columns, storedSize.height))
        case .left: (storedColumns, storedRows) = (Self.mirrored(rows, storedSize.width), columns)
        }
        let x = storedColumns.clamped(to: 0 ..< storedSize.width), y = storedRows.clamped(to: 0 ..< storedSize.height)
        return ImageRect(x: x.lowerBound, y: y.lowerBound, width: x.count, height: y.count)
    }

    /// The indices `range` of an axis of `length` counted from its other end.
    private static func mirrored(_ range: Range<Int>, _ length: Int) -> Range<Int> {
        length - range.upperBound ..< length - range.lowerBound
    }
}
