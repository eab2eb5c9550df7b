// DrawingError: what can go wrong while preparing to draw on an image — a font that is missing
// or unreadable, or a heat map whose values do not fit its size — each saying what to do.
public import Foundation

/// Why a font could not be loaded or a drawing input was refused.
public enum DrawingError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// No file exists at the font path.
    case fontNotFound(path: String)
    /// The file exists but FreeType cannot use it as a font; `detail` is FreeType's reason.
    case fontUnreadable(path: String, detail: String)
    /// A heat map's size and values disagree, or it has no cells.
    case invalidHeatMap(String)

    public var description: String {
        switch self {
        case .fontNotFound(let path):
            return "The font file \(path) does not exist. Install the Debian package \(Font.debianPackage) "
                + "(apt-get install \(Font.debianPackage)), or give the path of another TrueType or OpenType font."
        case .fontUnreadable(let path, let detail):
            return "FreeType cannot read \(path) as a font (\(detail)). Give the path of a TrueType (.ttf) or "
                + "OpenType (.otf) font, such as \(Font.standardPath(bold: true)) from the Debian package "
                + "\(Font.debianPackage)."
        case .invalidHeatMap(let problem):
            return "Invalid heat map: \(problem)"
        }
    }

    public var errorDescription: String? { description }
}
