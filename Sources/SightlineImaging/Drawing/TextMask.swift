// TextMask: a line of text rendered to anti-aliased coverage, ready to be painted onto an
// image in any colour. Its size is the text's measured size, ink included.

/// A rendered line of text: one coverage value per pixel (0 = no ink … 255 = full ink).
struct TextMask: Sendable {
    /// 0 for empty text.
    let width: Int
    /// The font's line height (ascender + descender) at least, more if a glyph reaches further.
    let height: Int
    /// Rows from the top of the mask down to the baseline.
    let baseline: Int
    /// `width * height` values, row by row from the top.
    let coverage: [UInt8]

    /// Composes the glyphs of `run` into one mask that holds every glyph's ink and the whole
    /// line box (from the pen's start to its end, ascender to descender), so that measuring
    /// and drawing agree exactly.
    init(_ run: GlyphRun) {
        var minX = 0, maxX = run.advanceWidth
        var minY = -run.ascent, maxY = run.descent  // relative to the baseline, y downwards
        for (penX, glyph) in run.glyphs where glyph.width > 0 {
            minX = min(minX, penX + glyph.left)
            maxX = max(maxX, penX + glyph.left + glyph.width)
            minY = min(minY, -glyph.top)
            maxY = max(maxY, -glyph.top + glyph.rows)
        }
        width = maxX - minX
        height = maxY - minY
        baseline = -minY
        var coverage = [UInt8](repeating: 0, count: width * height)
        for (penX, glyph) in run.glyphs where glyph.width > 0 {
            let originX = penX + glyph.left - minX
            let originY = -glyph.top - minY
            for row in 0 ..< glyph.rows {
                let target = (originY + row) * width + originX
                let source = row * glyph.width
                for column in 0 ..< glyph.width {
                    // Overlapping glyphs (kerned pairs, combining marks) keep the stronger ink.
                    coverage[target + column] = max(coverage[target + column], glyph.coverage[source + column])
                }
            }
        }
        self.coverage = coverage
    }
}
