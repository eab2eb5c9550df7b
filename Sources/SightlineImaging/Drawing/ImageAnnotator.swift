// ImageAnnotator: the one drawing API behind every `--annotate` — boxes in a colour per role,
// labels on a filled background that stays readable on any photo, landmark dots, the Object
// Recognizer's caption band and heat-map overlays — with sizes scaled to the image.
//
// Usage:
//
//     var annotator = try ImageAnnotator(image: photo)   // DejaVu Sans Bold
//     annotator.drawBox(.pixels(x: 120, y: 80, width: 200, height: 150), role: .nonOrganic,
//                       label: ImageAnnotator.percentage(0.873))                  // "87.3%"
//     annotator.drawBox(.normalized(x: 0.1, y: 0.5, width: 0.3, height: 0.4), role: .organic,
//                       label: "apple 91.0%")
//     annotator.drawDot(at: .pixels(x: 160, y: 120), role: .face)
//     annotator.drawCaption("banana, \(ImageAnnotator.percentage(0.971))")         // "banana, 97.1%"
//     annotator.overlayHeatMap(try HeatMap(width: 7, height: 7, values: activations), opacity: 0.5)
//     let jpeg = try ImageEncoder.jpegData(annotator.image)                     // or .pngData
//
// Coordinates: pixels or fractions of the image size, origin at the top-left corner, y
// downwards (`AnnotationBox`, `AnnotationPoint`). Everything is clipped to the image.
import Foundation

/// Draws annotations onto a copy of an image; `image` is the result so far.
public struct ImageAnnotator: Sendable {
    /// The font of labels and captions.
    public let font: Font
    /// Box outline width in pixels: by default 1/250 of the image's shorter side, at least 2.
    public var lineWidth: Int
    /// Label text size (em size) in pixels: by default 1/28 of the shorter side, at least 12.
    public var labelTextSize: Int
    var canvas: Canvas

    /// Starts annotating `image` with `font`.
    public init(image: RGBImage, font: Font) {
        self.font = font
        canvas = Canvas(image)
        let shorterSide = Double(min(image.width, image.height))
        lineWidth = max(2, Int((shorterSide / 250).rounded()))
        labelTextSize = max(12, Int((shorterSide / 28).rounded()))
    }

    /// Starts annotating `image` with the standard font, DejaVu Sans Bold.
    ///
    /// - Throws: `DrawingError.fontNotFound` when the Debian package fonts-dejavu-core is missing.
    public init(image: RGBImage) throws {
        self.init(image: image, font: try Font.standard())
    }

    /// The image with everything drawn so far.
    public var image: RGBImage { canvas.image }

    public var size: ImageSize { ImageSize(width: canvas.width, height: canvas.height) }

    /// `confidence` (0–1) as a percentage with one decimal: 0.873 → "87.3%".
    public static func percentage(_ confidence: Double) -> String {
        String(format: "%.1f%%", confidence * 100)
    }

    // MARK: Boxes and labels

    /// Outlines `box` in the role's colour, `lineWidth` wide, just inside the box's edges; the
    /// pixels inside the outline are left as they are. With a `label`, the label (see
    /// `drawLabel`) sits on the outline's top-left corner, above the box — or inside it when
    /// there is no room above — and is kept inside the image.
    public mutating func drawBox(_ box: AnnotationBox, role: AnnotationRole, label: String? = nil) {
        guard let rect = box.pixelRect(in: size) else { return }
        canvas.outline(rect, color: role.color, lineWidth: lineWidth)
        guard let label, !label.isEmpty else { return }
        let labelSize = labelSize(label)
        let y = rect.y - labelSize.height >= 0 ? rect.y - labelSize.height : rect.y
        drawLabel(label, at: .pixels(x: Double(rect.x), y: Double(y)), role: role)
    }

    /// The size of the label `drawLabel` draws for `text`: the text measured at
    /// `labelTextSize` plus the padding of its background.
    public func labelSize(_ text: String) -> ImageSize {
        let textSize = font.measure(text, pixelSize: labelTextSize)
        let padding = labelPadding
        return ImageSize(width: textSize.width + 2 * padding.horizontal, height: textSize.height + 2 * padding.vertical)
    }

    /// Draws `text` in the role's text colour on a filled background of the role's colour,
    /// the background's top-left corner at `point` — moved, if needed, so that the whole
    /// label is inside the image (a label larger than the image is clipped on the right and
    /// bottom).
    public mutating func drawLabel(_ text: String, at point: AnnotationPoint, role: AnnotationRole) {
        guard let position = point.pixelPosition(in: size) else { return }
        let mask = font.render(text, pixelSize: labelTextSize)
        let padding = labelPadding
        let width = mask.width + 2 * padding.horizontal, height = mask.height + 2 * padding.vertical
        let x = Self.clamp(position.x, length: width, within: canvas.width)
        let y = Self.clamp(position.y, length: height, within: canvas.height)
        canvas.fill(ImageRect(x: x, y: y, width: width, height: height), color: role.color)
        canvas.paint(mask, x: x + padding.horizontal, y: y + padding.vertical, color: role.textColor)
    }

    /// Space between a label's text and the edges of its background.
    private var labelPadding: (horizontal: Int, vertical: Int) {
        let textSize = Double(min(max(labelTextSize, 1), Font.maximumPixelSize))
        return (max(2, Int((textSize * 0.3).rounded())), max(1, Int((textSize * 0.1).rounded())))
    }

    /// A filled dot in the role's colour centred on `point`, for landmarks, with an
    /// anti-aliased edge.
    ///
    /// - Parameter radius: in pixels; `lineWidth` + 1 when nil.
    public mutating func drawDot(at point: AnnotationPoint, role: AnnotationRole, radius: Double? = nil) {
        guard let position = point.pixelPosition(in: size) else { return }
        let radius = radius ?? Double(lineWidth) + 1
        guard radius.isFinite, radius > 0 else { return }
        canvas.disc(centerX: position.x, centerY: position.y, radius: min(radius, Double(max(canvas.width, canvas.height))),
                    color: role.color)
    }

    // MARK: Fills and plain text

    /// Blends `color` over `box` at `opacity`: 0 leaves the image unchanged, 1 paints the
    /// colour; in between each channel becomes base + (colour − base) · opacity, rounded.
    public mutating func fill(_ box: AnnotationBox, color: RGBColor, opacity: Double = 1) {
        guard let rect = box.pixelRect(in: size), opacity.isFinite else { return }
        canvas.fill(rect, color: color, opacity: Float(min(max(opacity, 0), 1)))
    }

    /// Draws `text` in `color` without a background, the top-left corner of its measured box
    /// (`font.measure(text, pixelSize:)`) at `point`; no pixel outside that box changes.
    ///
    /// - Parameter pixelSize: the em size in pixels; `labelTextSize` when nil.
    public mutating func drawText(_ text: String, at point: AnnotationPoint, color: RGBColor, pixelSize: Int? = nil) {
        guard let position = point.pixelPosition(in: size) else { return }
        let mask = font.render(text, pixelSize: pixelSize ?? labelTextSize)
        canvas.paint(mask, x: Int(position.x.rounded()), y: Int(position.y.rounded()), color: color)
    }

    /// The whole-pixel start of a span of `length` placed at `position`, moved to fit inside
    /// `0 ..< limit` when it can (otherwise starting at 0).
    private static func clamp(_ position: Double, length: Int, within limit: Int) -> Int {
        max(0, min(Int(position.rounded()), limit - length))
    }
}
