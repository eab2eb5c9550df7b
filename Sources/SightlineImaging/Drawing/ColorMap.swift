// ColorMap: turns a value between 0 and 1 into a colour, for heat-map overlays. The one map
// provided is Turbo, a rainbow map designed to be perceptually smooth.

/// A colour scale from 0 to 1, interpolated linearly between evenly spaced colour stops.
public struct ColorMap: Sendable, Hashable {
    /// The colours at 0, 1/(n−1), 2/(n−1), …, 1; at least two.
    public let stops: [RGBColor]

    /// A map through `stops` (at least two, evenly spaced from 0 to 1).
    public init(stops: [RGBColor]) {
        precondition(stops.count >= 2, "A colour map needs at least two stops, got \(stops.count)")
        self.stops = stops
    }

    /// Turbo (Anton Mikhailov, Google, 2019): dark blue at 0, through blue, cyan, green,
    /// yellow and orange, to dark red at 1 — the familiar rainbow order, but with lightness
    /// rising and falling smoothly, so no false bands appear. These 17 stops are Turbo's
    /// colours at 0, 1/16, …, 1; between them the map is linear and stays within 7 levels per
    /// channel of the full 256-entry Turbo table (as OpenCV's COLORMAP_TURBO has it).
    public static let turbo = ColorMap(stops: [
        (48, 18, 59), (64, 64, 162), (70, 107, 227), (66, 148, 255), (40, 188, 235), (24, 221, 194),
        (50, 242, 152), (109, 254, 98), (164, 252, 60), (203, 237, 52), (236, 209, 58), (253, 174, 53),
        (251, 129, 34), (236, 83, 15), (210, 49, 5), (172, 23, 1), (122, 4, 3),
    ].map { RGBColor(red: $0.0, green: $0.1, blue: $0.2) })

    /// The colour for `value`; values below 0 (and NaN) get the colour of 0, values above 1
    /// that of 1.
    public func color(for value: Float) -> RGBColor {
        let clamped = value.isNaN ? 0 : min(max(value, 0), 1)
        let position = clamped * Float(stops.count - 1)
        let lower = min(Int(position), stops.count - 2)
        let fraction = position - Float(lower)
        let from = stops[lower], to = stops[lower + 1]
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8((Float(a) + (Float(b) - Float(a)) * fraction).rounded())
        }
        return RGBColor(red: mix(from.red, to.red), green: mix(from.green, to.green), blue: mix(from.blue, to.blue))
    }
}
