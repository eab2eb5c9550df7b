// AnnotationRole: what a drawn box stands for, and so its colour — one colour per role, used
// the same way by every command's --annotate, with a label text colour that stays readable on it.
import Foundation

/// The colour scheme of one kind of annotation: the outline and label background in `color`,
/// the label text in `textColor`.
public struct AnnotationRole: Sendable, Hashable {
    public var color: RGBColor
    public var textColor: RGBColor

    /// A role drawn in `color`. Without a `textColor`, labels use black or white, whichever
    /// contrasts more with `color` (the WCAG contrast ratio of relative luminances).
    public init(color: RGBColor, textColor: RGBColor? = nil) {
        self.color = color
        self.textColor = textColor ?? Self.readableTextColor(on: color)
    }

    /// Faces: yellow.
    public static let face = AnnotationRole(color: RGBColor(red: 255, green: 204, blue: 0))
    /// Detected objects with no more specific role: blue.
    public static let detection = AnnotationRole(color: RGBColor(red: 0, green: 122, blue: 255))
    /// Organic waste (WasteGuard): green.
    public static let organic = AnnotationRole(color: RGBColor(red: 52, green: 199, blue: 89))
    /// Non-organic waste, foreign matter in the organic bin (WasteGuard): red.
    public static let nonOrganic = AnnotationRole(color: RGBColor(red: 255, green: 59, blue: 48))
    /// Drawing attention to one region, such as a class-activation box: purple.
    public static let highlight = AnnotationRole(color: RGBColor(red: 175, green: 82, blue: 222))

    /// Black or white, whichever has the higher contrast ratio with `background`.
    static func readableTextColor(on background: RGBColor) -> RGBColor {
        let luminance = relativeLuminance(background)
        let contrastWithWhite = 1.05 / (luminance + 0.05)
        let contrastWithBlack = (luminance + 0.05) / 0.05
        return contrastWithBlack > contrastWithWhite ? .black : .white
    }

    /// The sRGB relative luminance, 0 (black) … 1 (white).
    private static func relativeLuminance(_ color: RGBColor) -> Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }
}
