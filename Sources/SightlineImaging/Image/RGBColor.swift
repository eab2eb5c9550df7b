// RGBColor: one 8-bit sRGB colour, the element type of RGBImage.

/// An 8-bit-per-channel RGB colour.
public struct RGBColor: Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public static let black = RGBColor(red: 0, green: 0, blue: 0)
    public static let white = RGBColor(red: 255, green: 255, blue: 255)

    public var description: String { "rgb(\(red), \(green), \(blue))" }
}
