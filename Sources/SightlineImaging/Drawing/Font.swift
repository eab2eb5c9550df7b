// Font: a TrueType/OpenType font loaded through FreeType for the text on annotated images —
// DejaVu Sans from the Debian package fonts-dejavu-core by default, any font file by path —
// and the measuring of a line of text (UTF-8, so German umlauts and Cyrillic work).
import Foundation

/// A font for drawing text. Load it once and reuse it: glyphs are rendered on first use and
/// cached. Safe to share between threads.
///
/// Text is drawn on one line: it is composed to Unicode NFC first (so "u" + combining
/// diaeresis becomes "ü"), control characters such as line breaks are not drawn, and
/// characters the font lacks appear as its "missing glyph" box. Pairs the font kerns (such as
/// "AV") are kerned. Only the first `maximumCharacters` characters are drawn, at most
/// `maximumPixelSize` pixels per em, which keeps a runaway label from exhausting memory.
public struct Font: Sendable {
    /// The most characters of one text that are drawn (and measured).
    public static let maximumCharacters = 256
    /// The largest em size in pixels; larger sizes are drawn at this size (and sizes below 1
    /// at 1).
    public static let maximumPixelSize = 512

    /// The Debian package that provides the standard fonts.
    public static let debianPackage = "fonts-dejavu-core"

    /// Where Debian installs DejaVu Sans (regular or bold).
    public static func standardPath(bold: Bool) -> String {
        bold ? "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf" : "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    }

    let face: FontFace

    /// The font file this font was loaded from.
    public var path: String { face.path }

    /// Loads the font file at `path` (.ttf, .otf, or the first font of a .ttc collection).
    ///
    /// - Throws: `DrawingError.fontNotFound` when no file is there, `.fontUnreadable` when it
    ///   is not a scalable font FreeType can read.
    public init(path: String) throws {
        face = try FontFace(path: path)
    }

    /// DejaVu Sans (bold by default: labels on photos read better in bold), from
    /// `standardPath(bold:)`. Loaded once per process and shared, glyph cache included.
    ///
    /// - Throws: `DrawingError.fontNotFound` naming the path and the Debian package to install.
    public static func standard(bold: Bool = true) throws -> Font {
        try (bold ? standardBold : standardRegular).get()
    }

    private static let standardBold = Result { try Font(path: standardPath(bold: true)) }
    private static let standardRegular = Result { try Font(path: standardPath(bold: false)) }

    /// The size in pixels that `text` covers when drawn at `pixelSize` (the em size, 1…512):
    /// the font's full line height (ascender to descender, so every text at one size is
    /// equally tall) by the advance width, widened where a glyph's ink reaches further. Empty
    /// text is 0 wide.
    public func measure(_ text: String, pixelSize: Int) -> ImageSize {
        let mask = render(text, pixelSize: pixelSize)
        return ImageSize(width: mask.width, height: mask.height)
    }

    /// `text` rendered at `pixelSize`; its size is what `measure` reports.
    func render(_ text: String, pixelSize: Int) -> TextMask {
        let scalars = text.precomposedStringWithCanonicalMapping.unicodeScalars
            .filter { $0.properties.generalCategory != .control }
            .prefix(Self.maximumCharacters)
        return TextMask(face.layOut(Array(scalars), pixelSize: min(max(pixelSize, 1), Self.maximumPixelSize)))
    }
}
