// ImageAnnotator+Caption: the Object Recognizer's capture style — the label and confidence in
// white on a black band, horizontally centred near the top of the photo (or near the bottom,
// to keep it off what the top shows, such as faces).

/// Where a caption band goes.
public enum CaptionPlacement: Sendable, Equatable {
    /// Its top 4 % of the image height from the top.
    case top
    /// Its bottom 4 % of the image height from the bottom.
    case bottom
}

extension ImageAnnotator {
    /// The Object Recognizer's capture caption: `text` in white on a black band, horizontally
    /// centred, 4 % of the image height from the top (or the bottom). The text is 1/16 of the
    /// shorter side tall, made smaller (down to 8 pixels) when the band would not fit the image
    /// width. Empty text draws nothing.
    public mutating func drawCaption(_ text: String, at placement: CaptionPlacement = .top) {
        guard !text.isEmpty else { return }
        let margin = Int((Double(canvas.width) * 0.02).rounded())
        var textSize = max(14, Int((Double(min(canvas.width, canvas.height)) / 16).rounded()))
        var layout = CaptionLayout(mask: font.render(text, pixelSize: textSize), textSize: textSize)
        while layout.bandWidth > canvas.width - 2 * margin, textSize > 8 {
            let shrunk = Double(textSize) * Double(canvas.width - 2 * margin) / Double(layout.bandWidth)
            textSize = max(8, min(textSize - 1, Int(shrunk.rounded(.down))))
            layout = CaptionLayout(mask: font.render(text, pixelSize: textSize), textSize: textSize)
        }
        let x = (canvas.width - layout.bandWidth) / 2
        let inset = Int((Double(canvas.height) * 0.04).rounded())
        let y = placement == .top ? inset : max(0, canvas.height - inset - layout.bandHeight)
        canvas.fill(ImageRect(x: x, y: y, width: layout.bandWidth, height: layout.bandHeight), color: .black)
        canvas.paint(layout.mask, x: x + layout.horizontalPadding, y: y + layout.verticalPadding, color: .white)
    }

    /// A caption's text and the band around it.
    private struct CaptionLayout {
        let mask: TextMask
        let horizontalPadding: Int
        let verticalPadding: Int

        init(mask: TextMask, textSize: Int) {
            self.mask = mask
            horizontalPadding = Int((Double(textSize) * 0.5).rounded())
            verticalPadding = Int((Double(textSize) * 0.2).rounded())
        }

        var bandWidth: Int { mask.width + 2 * horizontalPadding }
        var bandHeight: Int { mask.height + 2 * verticalPadding }
    }
}
