// GlyphBitmap: one character shape rendered by FreeType at one pixel size — an 8-bit coverage
// bitmap (0 = no ink, 255 = full ink, anti-aliased edges in between) and where it sits relative
// to the pen on the baseline.

/// A rendered glyph. Coordinates are pixels with y growing downwards, relative to the pen
/// position on the baseline.
struct GlyphBitmap: Sendable {
    /// Columns from the pen position to the bitmap's left edge (negative: starts left of the pen).
    let left: Int
    /// Rows from the baseline up to the bitmap's top edge (positive: above the baseline).
    let top: Int
    let width: Int
    let rows: Int
    /// `width * rows` coverage values, row by row from the top.
    let coverage: [UInt8]
    /// How far the pen moves after this glyph, in 1/64 pixel (FreeType's 26.6 fixed point).
    let advance: Int

    static func empty(advance: Int) -> GlyphBitmap {
        GlyphBitmap(left: 0, top: 0, width: 0, rows: 0, coverage: [], advance: advance)
    }
}
