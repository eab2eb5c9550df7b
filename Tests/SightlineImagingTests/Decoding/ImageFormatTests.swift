// Tests for ImageFormat: recognition by magic bytes only, for decodable and refused formats.
import Foundation
import SightlineImaging
import XCTest

final class ImageFormatTests: XCTestCase {
    func testRecognisesTheDecodableFixtures() throws {
        XCTAssertEqual(ImageFormat.detect(in: try Fixtures.data("photo-faces-2008_001322.jpg")), .jpeg)
        XCTAssertEqual(ImageFormat.detect(in: try Fixtures.data("crop-rgb8.png")), .png)
        XCTAssertEqual(ImageFormat.detect(in: try Fixtures.data("photo-tomato.webp")), .webp)
    }

    func testRecognisesFormatsItDoesNotDecode() {
        XCTAssertEqual(ImageFormat.detect(in: Self.isoMediaFile(major: "heic", compatible: ["mif1", "heic"])), .heic)
        XCTAssertEqual(ImageFormat.detect(in: Self.isoMediaFile(major: "mif1", compatible: ["mif1", "avif"])), .avif)
        XCTAssertEqual(ImageFormat.detect(in: Self.isoMediaFile(major: "avif", compatible: [])), .avif)
        XCTAssertEqual(ImageFormat.detect(in: Data("GIF89a\u{1}\0\u{1}\0".utf8)), .gif)
        XCTAssertEqual(ImageFormat.detect(in: Data([0x49, 0x49, 0x2A, 0, 8, 0, 0, 0])), .tiff)
        XCTAssertEqual(ImageFormat.detect(in: Data([0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8])), .tiff)
        XCTAssertEqual(ImageFormat.detect(in: Data([0xFF, 0x0A, 0xFA, 0x7F])), .jpegXL)
        var bitmap = Data("BM".utf8) + Data(count: 12)
        bitmap += Data([40, 0, 0, 0]) + Data(count: 16)
        XCTAssertEqual(ImageFormat.detect(in: bitmap), .bmp)
        XCTAssertFalse(ImageFormat.heic.isDecodable)
        XCTAssertTrue(ImageFormat.webp.isDecodable)
    }

    func testDoesNotGuessFromWeakOrForeignSignatures() {
        XCTAssertNil(ImageFormat.detect(in: Data("BMW is a car brand, not a bitmap".utf8)))
        XCTAssertNil(ImageFormat.detect(in: Self.isoMediaFile(major: "isom", compatible: ["mp41"])))  // an MP4 video
        XCTAssertNil(ImageFormat.detect(in: Data([0xFF, 0xD8])))
        XCTAssertNil(ImageFormat.detect(in: Data()))
    }

    func testTheFileNameDoesNotMatter() throws {
        let disguised = try TemporaryDirectory.shared.file(named: "really-a-png.jpg")
        try Fixtures.data("one-pixel.png").write(to: disguised)
        let image = try ImageDecoder.decode(contentsOf: disguised)
        XCTAssertEqual(image[0, 0], RGBColor(red: 12, green: 200, blue: 99))
    }

    /// An ISO media file header: a `ftyp` box with the given brands.
    static func isoMediaFile(major: String, compatible: [String]) -> Data {
        let brands = Data(major.utf8) + Data([0, 0, 0, 0]) + compatible.reduce(Data()) { $0 + Data($1.utf8) }
        let size = UInt32(8 + brands.count)
        return Data([UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)])
            + Data("ftyp".utf8) + brands + Data(count: 16)
    }
}
