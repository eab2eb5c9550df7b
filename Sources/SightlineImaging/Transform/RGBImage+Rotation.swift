// RGBImage+Rotation: turning an image by a small angle about its centre while keeping its size,
// enlarged just enough that no empty corners appear — the "small rotation" of data augmentation.
import Foundation

extension RGBImage {
    /// The zoom `rotated(byDegrees:)` applies so that the turned image covers a `size` frame:
    /// |cos θ| + max(w/h, h/w) · |sin θ| (1 for no rotation).
    public static func coveringZoom(forDegrees degrees: Double, size: ImageSize) -> Double {
        let radians = degrees * .pi / 180
        let aspect = max(Double(size.width) / Double(size.height), Double(size.height) / Double(size.width))
        return abs(cos(radians)) + aspect * abs(sin(radians))
    }

    /// The image turned by `degrees` about its centre — clockwise as seen on screen for positive
    /// angles — in a frame of the same size. The turned image is enlarged by
    /// `coveringZoom(forDegrees:size:)` so every output pixel lies inside it, and pixels are
    /// sampled bilinearly (pixel centres at x + 0.5, y + 0.5).
    public func rotated(byDegrees degrees: Double) -> RGBImage {
        if degrees == 0 { return self }
        let radians = degrees * .pi / 180
        let zoom = Self.coveringZoom(forDegrees: degrees, size: size)
        // Output offset (dx, dy) from the centre comes from input offset R(−θ)·(dx, dy) / zoom.
        let cosine = cos(radians) / zoom, sine = sin(radians) / zoom
        let centreX = Double(width) / 2, centreY = Double(height) / 2
        let maxX = Double(width - 1), maxY = Double(height - 1)
        return pixels.withUnsafeBufferPointer { source in
            RGBImage(width: width, height: height) { destination in
                var output = 0
                for y in 0 ..< height {
                    let dy = Double(y) + 0.5 - centreY
                    for x in 0 ..< width {
                        let dx = Double(x) + 0.5 - centreX
                        // Source position in pixel-index space, clamped against rounding at the edges.
                        let sx = min(max(centreX + cosine * dx + sine * dy - 0.5, 0), maxX)
                        let sy = min(max(centreY - sine * dx + cosine * dy - 0.5, 0), maxY)
                        let x0 = Int(sx), y0 = Int(sy)
                        let x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
                        let fx = sx - Double(x0), fy = sy - Double(y0)
                        let topLeft = (y0 * width + x0) * 3, topRight = (y0 * width + x1) * 3
                        let bottomLeft = (y1 * width + x0) * 3, bottomRight = (y1 * width + x1) * 3
                        for channel in 0 ..< 3 {
                            let top = Double(source[topLeft + channel]) * (1 - fx) + Double(source[topRight + channel]) * fx
                            let bottom = Double(source[bottomLeft + channel]) * (1 - fx)
                                + Double(source[bottomRight + channel]) * fx
                            destination[output + channel] = UInt8((top * (1 - fy) + bottom * fy).rounded())
                        }
                        output += 3
                    }
                }
            }
        }
    }
}
