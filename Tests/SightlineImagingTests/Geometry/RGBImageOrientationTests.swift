// Tests for applying EXIF orientations: every value against the EXIF specification's table,
// and a real photo stored rotated with orientation 6 against its upright original.
import Foundation
import SightlineImaging
import XCTest

final class RGBImageOrientationTests: XCTestCase {
    /// A 3×2 image whose stored top-left pixel is red and stored top-right pixel is green.
    private let stored: RGBImage = {
        var image = RGBImage(width: 3, height: 2, color: .black)
        image[0, 0] = RGBColor(red: 255, green: 0, blue: 0)
        image[2, 0] = RGBColor(red: 0, green: 255, blue: 0)
        return image
    }()

    func testEveryOrientationFollowsTheEXIFTable() {
        // EXIF 2.3, tag 0x0112: where the stored row 0 / column 0 appear in the upright picture
        // gives where the stored top-left (red) and top-right (green) pixels end up.
        enum Corner { case topLeft, topRight, bottomLeft, bottomRight }
        let expected: [ImageOrientation: (red: Corner, green: Corner)] = [
            .up: (.topLeft, .topRight), .upMirrored: (.topRight, .topLeft),
            .down: (.bottomRight, .bottomLeft), .downMirrored: (.bottomLeft, .bottomRight),
            .leftMirrored: (.topLeft, .bottomLeft), .right: (.topRight, .bottomRight),
            .rightMirrored: (.bottomRight, .topRight), .left: (.bottomLeft, .topLeft),
        ]
        for orientation in ImageOrientation.allCases {
            let upright = stored.applyingOrientation(orientation)
            XCTAssertEqual(upright.size, orientation.swapsWidthAndHeight ? stored.size.transposed : stored.size)
            func color(at corner: Corner) -> RGBColor {
                switch corner {
                case .topLeft: upright[0, 0]
                case .topRight: upright[upright.width - 1, 0]
                case .bottomLeft: upright[0, upright.height - 1]
                case .bottomRight: upright[upright.width - 1, upright.height - 1]
                }
            }
            XCTAssertEqual(color(at: expected[orientation]!.red), RGBColor(red: 255, green: 0, blue: 0), "\(orientation)")
            XCTAssertEqual(color(at: expected[orientation]!.green), RGBColor(red: 0, green: 255, blue: 0), "\(orientation)")
            XCTAssertEqual(upright.pixels.filter { $0 == 255 }.count, 2, "no pixel lost or duplicated")
        }
    }

    func testRotatedPhotoDecodesUprightLikeItsOriginal() throws {
        let upright = try ImageDecoder.decode(contentsOf: Fixtures.url("photo-trashnet-glass21.jpg"))
        let rotated = try ImageDecoder.decode(contentsOf: Fixtures.url("rotated-exif6.jpg"))
        XCTAssertEqual(rotated.size, upright.size)
        XCTAssertLessThan(PixelDifference(rotated, upright).mean, 2.5)
        // Rotated the wrong way (counter-clockwise), the photo ends up upside down and far from
        // the original.
        let asStored = try ImageDecoder.decode(contentsOf: Fixtures.url("rotated-exif6.jpg"),
                                               options: DecodeOptions(applyOrientation: false))
        XCTAssertEqual(asStored.size, upright.size.transposed)
        XCTAssertGreaterThan(PixelDifference(asStored.applyingOrientation(.left), upright).mean, 10)
    }
}
