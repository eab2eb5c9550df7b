// FontFace: the FreeType side of `Font` — one opened font file, its glyphs rendered on demand
// and cached per pixel size, and the pen positions of a line of text (advances plus kerning).
import CFreeType
import Foundation

/// A line of text laid out at one pixel size: each glyph with the pen position it is drawn at.
struct GlyphRun: Sendable {
    /// Pixels from the baseline up to the top of the font's line (its ascender).
    let ascent: Int
    /// Pixels from the baseline down to the bottom of the font's line (its descender).
    let descent: Int
    /// Each glyph and its pen position in whole pixels from the start of the line.
    let glyphs: [(penX: Int, bitmap: GlyphBitmap)]
    /// Where the pen ends, in whole pixels: the line's advance width.
    let advanceWidth: Int
}

/// An opened FreeType face. FreeType faces must not be used from two threads at once, so every
/// use takes `lock`; this is what makes the class safe to share.
final class FontFace: @unchecked Sendable {
    let path: String
    private let library: FT_Library
    private let face: FT_Face
    private let hasKerning: Bool
    private let lock = NSLock()
    private var cache: [GlyphKey: GlyphBitmap] = [:]

    private struct GlyphKey: Hashable {
        let glyphIndex: UInt32
        let pixelSize: Int
    }

    /// Opens the font file at `path` (the first face of a collection).
    ///
    /// - Throws: `DrawingError.fontNotFound` or `.fontUnreadable`.
    init(path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DrawingError.fontNotFound(path: path)
        }
        guard !isDirectory.boolValue else {
            throw DrawingError.fontUnreadable(path: path, detail: "it is a directory")
        }
        var library: FT_Library?
        let initError = FT_Init_FreeType(&library)
        guard initError == 0, let library else {
            throw DrawingError.fontUnreadable(path: path, detail: "FreeType could not start: \(Self.describe(initError))")
        }
        var face: FT_Face?
        let openError = FT_New_Face(library, path, 0, &face)
        guard openError == 0, let face else {
            FT_Done_FreeType(library)
            throw DrawingError.fontUnreadable(path: path, detail: Self.describe(openError))
        }
        let flags = face.pointee.face_flags
        guard flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0, face.pointee.charmap != nil else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw DrawingError.fontUnreadable(
                path: path, detail: "it is not a scalable font with a Unicode character map")
        }
        self.path = path
        self.library = library
        self.face = face
        hasKerning = flags & FT_Long(FT_FACE_FLAG_KERNING) != 0
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// Lays out `scalars` on one line at `pixelSize` (the em size in pixels, at least 1).
    /// Characters the font lacks are drawn as its "missing glyph" box.
    func layOut(_ scalars: [Unicode.Scalar], pixelSize size: Int) -> GlyphRun {
        lock.lock()
        defer { lock.unlock() }
        guard FT_Set_Pixel_Sizes(face, 0, FT_UInt(size)) == 0 else {
            return GlyphRun(ascent: 0, descent: 0, glyphs: [], advanceWidth: 0)
        }
        let metrics = face.pointee.size.pointee.metrics
        var glyphs: [(penX: Int, bitmap: GlyphBitmap)] = []
        glyphs.reserveCapacity(scalars.count)
        var pen = 0  // 26.6 fixed point
        var previousIndex: FT_UInt = 0
        for scalar in scalars {
            let glyphIndex = FT_Get_Char_Index(face, FT_ULong(scalar.value))
            if hasKerning, previousIndex != 0, glyphIndex != 0 {
                var kerning = FT_Vector()
                if FT_Get_Kerning(face, previousIndex, glyphIndex, FT_UInt(FT_KERNING_DEFAULT.rawValue), &kerning) == 0 {
                    pen += Int(kerning.x)
                }
            }
            let bitmap = glyph(glyphIndex, pixelSize: size)
            glyphs.append((penX: (pen + 32) >> 6, bitmap: bitmap))
            pen += bitmap.advance
            previousIndex = glyphIndex
        }
        return GlyphRun(ascent: (Int(metrics.ascender) + 63) >> 6, descent: (-Int(metrics.descender) + 63) >> 6,
                        glyphs: glyphs, advanceWidth: (pen + 32) >> 6)
    }

    /// The rendered glyph, from the cache or from FreeType (anti-aliased 8-bit coverage,
    /// hinted outlines; embedded bitmaps are ignored so that every glyph is grey-scale).
    /// Must be called with `lock` held and the pixel size set.
    private func glyph(_ glyphIndex: FT_UInt, pixelSize: Int) -> GlyphBitmap {
        let key = GlyphKey(glyphIndex: glyphIndex, pixelSize: pixelSize)
        if let cached = cache[key] { return cached }
        let flags = FT_Int32(FT_LOAD_RENDER) | FT_Int32(FT_LOAD_NO_BITMAP)
        guard FT_Load_Glyph(face, glyphIndex, flags) == 0, let slot = face.pointee.glyph else {
            return .empty(advance: 0)
        }
        let advance = Int(slot.pointee.advance.x)
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), rows = Int(bitmap.rows)
        let rendered: GlyphBitmap
        if width > 0, rows > 0, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue), let buffer = bitmap.buffer {
            var coverage = [UInt8](repeating: 0, count: width * rows)
            // A negative pitch means the rows are stored bottom-up: the top row is the last in memory.
            let pitch = Int(bitmap.pitch)
            let topRow = pitch >= 0 ? buffer : buffer + (rows - 1) * -pitch
            for row in 0 ..< rows {
                let source = topRow + row * pitch
                for column in 0 ..< width {
                    coverage[row * width + column] = source[column]
                }
            }
            rendered = GlyphBitmap(left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
                                   width: width, rows: rows, coverage: coverage, advance: advance)
        } else {
            rendered = .empty(advance: advance)
        }
        cache[key] = rendered
        return rendered
    }

    private static func describe(_ error: FT_Error) -> String {
        if let text = FT_Error_String(error) {
            return String(cString: text)
        }
        return "FreeType error \(error)"
    }
}
