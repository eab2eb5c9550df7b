// SyntheticPhoto: small encoded test images drawn in code (a colour gradient), for tests that
// need decodable photo bytes of a known size rather than a particular subject.
import Foundation
import SightlineImaging

enum SyntheticPhoto {
    /// A `width`×`height` gradient encoded as `format` ("jpeg" or "png").
    static func data(width: Int, height: Int, format: String = "jpeg") throws -> Data {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0 ..< height {
            for x in 0 ..< width {
                let offset = (y * width + x) * 3
                pixels[offset] = UInt8(x * 255 / max(width - 1, 1))
                pixels[offset + 1] = UInt8(y * 255 / max(height - 1, 1))
                pixels[offset + 2] = 128
            }
        }
        let image = RGBImage(width: width, height: height, pixels: pixels)
        return format == "png" ? try ImageEncoder.pngData(image) : try ImageEncoder.jpegData(image)
    }
}
