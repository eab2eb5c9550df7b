// AnnotatedImageFile: where a command's --annotate / --heatmap output goes — a path whose
// extension chooses the format (JPEG or PNG), checked before any work is done.
import Foundation
import SightlineCommandSupport
import SightlineImaging

struct AnnotatedImageFile {
    enum Format { case jpeg, png }

    let url: URL
    let format: Format

    /// - Throws: `ValidationError`-style `CommandFailure` unless the extension is .jpg, .jpeg or .png.
    init(path: String) throws {
        url = URL(fileURLWithPath: path)
        switch url.pathExtension.lowercased() {
        case "jpg", "jpeg": format = .jpeg
        case "png": format = .png
        default:
            throw CommandFailure("\(path): annotated images are written as JPEG or PNG; end the name with .jpg, .jpeg or .png.")
        }
    }

    /// Encodes `image` and writes it atomically.
    func write(_ image: RGBImage) throws {
        let data = try format == .jpeg ? ImageEncoder.jpegData(image, quality: 90) : ImageEncoder.pngData(image)
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw CommandFailure("Cannot write \(url.path): \(error.localizedDescription)")
        }
    }
}
